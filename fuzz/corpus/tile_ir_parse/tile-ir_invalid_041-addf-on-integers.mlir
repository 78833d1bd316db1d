// expect: TILE007 line 6
// rule: addf operands must be tiles of f16, bf16, f32 or f64 (op-addf.md: CudaTile_BaseFloatTileType); tile<4xi32> is an integer tile.
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<4xi32>
    %s = addf %a, %a : tile<4xi32>
    return
  }
}
