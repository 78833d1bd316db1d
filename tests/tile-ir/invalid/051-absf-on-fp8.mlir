// expect: TILE007 line 7
// rule: absf takes f16, bf16, f32 or f64 tiles (op-absf.md: CudaTile_BaseFloatTileType); f8E5M2 is only a storage/mma type here.
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: -1.0> : tile<8xf16>
    %q = ftof %h : tile<8xf16> -> tile<8xf8E5M2>
    %a = absf %q : tile<8xf8E5M2>
    return
  }
}
