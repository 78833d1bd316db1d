// expect: TILE015 line 6
// rule: A partition_view's tile has one dimension per dimension of its tensor_view (types.md#partition_view: index space rank = tensor_view rank); a 2-D tile over a 1-D tensor_view is a malformed view type.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(32x32), tensor_view<1024xf32, strides=[1]>>
    return
  }
}
