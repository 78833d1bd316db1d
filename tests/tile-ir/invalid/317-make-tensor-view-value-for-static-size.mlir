// expect: TILE008 line 5
// rule: a dynamic shape value of make_tensor_view appears as `?` in the result type (op-make_tensor_view.md); here the type states 64 for that dimension.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i64>) {
    %t = make_tensor_view %p, shape = [%n, 32], strides = [32, 1] : tile<i64> -> tensor_view<64x32xf32, strides=[32,1]>
    return
  }
}
