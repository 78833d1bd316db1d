// expect: TILE007 line 7
// rule: the results of get_index_space_shape are rank-0 integer tiles (op-get_index_space_shape.md: Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>); f32 is not an integer.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %r, %c = get_index_space_shape %pv : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>> -> tile<f32>
    return
  }
}
