// expect: TILE006 line 5
// rule: make_tensor_view's `strides = […]` has one entry per dimension of the result tensor_view (op-make_tensor_view.md); three strides for a rank-2 view are too many.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [64, 32], strides = [32, 1, 1] : tensor_view<64x32xf32, strides=[32,1]>
    return
  }
}
