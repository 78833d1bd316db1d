// expect: TILE017 line 8 warning
// rule: allow_tma takes `true` or `false`, not an integer (attributes.md optimization_hints; cuda_tile verifier: boolean value expected).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %tok = load_view_tko weak %v[%c0] optimization_hints = <sm_100 = {allow_tma = 1}> : partition_view<tile=(16), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}
