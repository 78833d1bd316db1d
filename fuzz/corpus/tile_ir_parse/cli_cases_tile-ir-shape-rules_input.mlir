cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    %i = constant <i32: 0> : tile<i32>
    %a = constant <f32: 0.0> : tile<8xf32>
    %e1 = extract %a[%i, %i] : tile<8xf32> -> tile<2xf32>
    %e2 = extract %a[%i] : tile<8xf32> -> tile<2xi32>
    %c = cat %a, %a dim = -1 : tile<8xf32>, tile<8xf32> -> tile<16xf32>
    %s0, %s1, %s2 = get_tensor_shape %t : tensor_view<64x32xf32, strides=[32,1]> -> tile<i32>
    %x0, %x1, %x2 = get_index_space_shape %v : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>> -> tile<i32>
    %r = reduce %a dim=0 identities=[0.000000e+00 : f32, 1.000000e+00 : f32] : tile<8xf32> -> tile<f32>
    (%acc: tile<f32>, %y: tile<f32>) {
      %sum = addf %acc, %y : tile<f32>
      yield %sum : tile<f32>
    }
    %q = scan %a dim=0 reverse=false identities=[0.000000e+00 : f32, 0.000000e+00 : f32] : tile<8xf32> -> tile<8xf32>
    (%acc2: tile<f32>, %y2: tile<f32>) {
      %sum2 = addf %acc2, %y2 : tile<f32>
      yield %sum2 : tile<f32>
    }
    %b = broadcast %a : tile<8xf32> -> tile<?xf32>
    %one = constant <f32: 0.0> : tile<1xf32>
    %big = broadcast %one : tile<1xf32> -> tile<33554432xf32>
    return
  }
}
