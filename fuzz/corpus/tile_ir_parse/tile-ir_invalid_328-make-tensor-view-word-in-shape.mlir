// expect: TILE001 line 5
// rule: make_tensor_view's shape list holds integers and SSA values (op-make_tensor_view.md); a bare word is a syntax error.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [64, n], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    return
  }
}
