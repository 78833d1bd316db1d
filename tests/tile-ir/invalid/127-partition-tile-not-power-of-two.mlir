// expect: TILE015 line 6
// rule: The tile shape of a partition_view must use power-of-two dimensions (types.md#partition_view note); tile=(96) is not.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(96), tensor_view<1024xf32, strides=[1]>>
    return
  }
}
