// expect: TILE015 line 5
// rule: a tensor_view's strides are strictly positive or `?` (types.md#tensor_view); 0 is neither.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64], strides = [0] : tensor_view<64xf32, strides=[0]>
    return
  }
}
