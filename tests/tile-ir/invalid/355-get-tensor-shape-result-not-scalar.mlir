// expect: TILE007 line 6
// rule: the results of get_tensor_shape are rank-0 integer tiles (op-get_tensor_shape.md: Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>); tile<2xi32> has rank 1.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %a, %b = get_tensor_shape %tv : tensor_view<64x32xf32, strides=[32,1]> -> tile<2xi32>
    return
  }
}
