// expect: TILE008 line 5
// rule: a static entry of make_tensor_view's shape list is the size the result type states (op-make_tensor_view.md: static shapes are reflected in the type); 16 is not 32.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [64, 16], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    return
  }
}
