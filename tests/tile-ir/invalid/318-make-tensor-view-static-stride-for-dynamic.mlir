// expect: TILE008 line 5
// rule: a `?` stride in make_tensor_view's result type takes a dynamic stride value (op-make_tensor_view.md); a literal 32 does not fill it.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[?,1]>
    return
  }
}
