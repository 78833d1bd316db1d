// expect: TILE008 line 5
// rule: make_tensor_view's base points to the element type of the tensor_view it builds (op-make_tensor_view.md); an f16 pointer cannot make an f32 view.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>) {
    %t = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    return
  }
}
