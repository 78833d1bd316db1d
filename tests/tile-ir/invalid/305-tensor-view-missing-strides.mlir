// expect: TILE001 line 5
// rule: a tensor_view of rank >= 1 is written with its strides (`tensor_view<SHAPExELEM, strides=[…]>`, types.md#tensor_view); without them the type does not parse.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32>
    return
  }
}
