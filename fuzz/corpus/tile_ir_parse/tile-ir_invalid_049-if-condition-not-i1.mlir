// expect: TILE007 line 5
// rule: The if condition must be a scalar tile<i1> (op-if.md: CudaTile_ScalarTileOf<CudaTile_Int1>); `%n` is tile<i32>.
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    if %n {
      yield
    }
    return
  }
}
