// expect: TILE007 line 6
// rule: cmpf's result must be a tile of i1 (op-cmpf.md: CudaTile_TileOf<[CudaTile_Int1]>); tile<4xi32> is given.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %lt = cmpf less_than ordered %a, %a : tile<4xf32> -> tile<4xi32>
    return
  }
}
