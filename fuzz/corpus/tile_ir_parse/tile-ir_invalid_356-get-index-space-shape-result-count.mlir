// expect: TILE006 line 7
// rule: get_index_space_shape has one result per dimension of the view's index space (op-get_index_space_shape.md); a 2-d partition view gives 2, not 1.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %n = get_index_space_shape %pv : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>> -> tile<i64>
    return
  }
}
