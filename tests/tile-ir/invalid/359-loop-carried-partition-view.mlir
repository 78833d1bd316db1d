// expect: TILE007 line 7
// rule: loop-carried values of a loop cannot be a tensor_view or a view (op-loop.md, additional restrictions); here a partition_view is carried.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    loop iter_values(%v = %pv) : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>> {
      break
    }
    return
  }
}
