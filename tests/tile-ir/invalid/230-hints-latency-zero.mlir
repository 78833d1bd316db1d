// expect: TILE017 line 9 warning
// rule: latency takes an integer from 1 to 10; 0 is below the range (cuda_tile verifier).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<16xf32>
    %tok = store_view_tko weak %x, %v[%c0] optimization_hints = <default = {latency = 0}> : tile<16xf32>, partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
