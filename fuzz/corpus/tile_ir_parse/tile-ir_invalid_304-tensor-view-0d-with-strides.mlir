// expect: TILE015 line 5
// rule: a 0-d tensor_view (`tensor_view<f32>`) has no dimensions and so takes no strides (types.md#tensor_view).
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [], strides = [1] : tensor_view<f32, strides=[1]>
    return
  }
}
