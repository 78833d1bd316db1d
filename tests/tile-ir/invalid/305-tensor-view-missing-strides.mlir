// expect: TILE001 line 4
// rule: a tensor_view of rank >= 1 is written with its strides (`tensor_view<SHAPExELEM, strides=[…]>`, types.md#tensor_view); without them the type does not parse.
cuda_tile.module @m {
  entry @k(%t: tensor_view<64x32xf32>) {
    return
  }
}
