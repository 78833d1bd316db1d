// expect: TILE007 line 7
// rule: the results of an if cannot be a tensor_view or a view (op-if.md, additional restrictions); here a partition_view.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %c: tile<i1>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    %r = if %c -> (partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>) {
      yield %pv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    } else {
      yield %pv : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    }
    return
  }
}
