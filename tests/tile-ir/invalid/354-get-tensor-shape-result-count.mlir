// expect: TILE006 line 6
// rule: get_tensor_shape has one result per dimension of the tensor_view (op-get_tensor_shape.md); a 2-d view gives 2, not 3.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %a, %b, %c = get_tensor_shape %tv : tensor_view<64x32xf32, strides=[32,1]> -> tile<i32>
    return
  }
}
