// expect: TILE001 line 4
// rule: each entry of `strides=[…]` is an integer or `?` (types.md#tensor_view); an empty entry is a syntax error.
cuda_tile.module @m {
  entry @k(%t: tensor_view<?x32xf32, strides=[?,,1]>) {
    return
  }
}
