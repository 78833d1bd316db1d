// expect: TILE015 line 4
// rule: a tensor_view's strides are strictly positive (types.md#tensor_view); a negative stride is not allowed.
cuda_tile.module @m {
  entry @k(%t: tensor_view<?x64xf32, strides=[-64,1]>) {
    return
  }
}
