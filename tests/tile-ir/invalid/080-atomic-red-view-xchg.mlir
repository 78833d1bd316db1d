// expect: TILE010 line 9
// rule: atomic_red_view_tko accepts every AtomicRMWMode except xchg (op-atomic_red_view_tko.md: 'not supported by this operation: xchg').
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<1024xi32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %v = constant <i32: 1> : tile<128xi32>
    %t = atomic_red_view_tko relaxed device %pv[%c0], xchg, %v : tile<128xi32>, partition_view<tile=(128), tensor_view<1024xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
