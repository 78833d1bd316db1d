// expect: TILE010 line 6
// rule: a view's padding_value must be a PaddingValue case (zero, neg_zero, nan, pos_inf, neg_inf) (types.md, partition_view).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(2), padding_value = inf, tensor_view<16xf32, strides=[1]>>
    return
  }
}
