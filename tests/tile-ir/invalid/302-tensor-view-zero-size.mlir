// expect: TILE015 line 5
// rule: a tensor_view's sizes are strictly positive or `?` (types.md#tensor_view); a dimension of size 0 is not.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [16, 0], strides = [1, 1] : tensor_view<16x0xf32, strides=[1,1]>
    return
  }
}
