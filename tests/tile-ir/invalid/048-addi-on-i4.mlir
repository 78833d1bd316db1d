// expect: TILE007 line 7
// rule: Integer arithmetic takes i1, i8, i16, i32 or i64 tiles only (types.md: CudaTile_IntTileType excludes i4; i4 is allowed by exti/trunci/pack/unpack).
cuda_tile.module @m {
  entry @k() {
    %b = constant <i8: 3> : tile<8xi8>
    %n = trunci %b : tile<8xi8> -> tile<8xi4>
    %s = addi %n, %n : tile<8xi4>
    return
  }
}
