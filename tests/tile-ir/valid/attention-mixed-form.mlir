// valid: single-tile attention (S = Q K^T, row softmax, O = P V) mixing short and long forms of op names and types in one module
cuda_tile.module @attention_mixed {
  entry @attention_tile(%q: tile<ptr<f16>>, %k: !cuda_tile.tile<!cuda_tile.ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %tq = make_tensor_view %q, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %tk = cuda_tile.make_tensor_view %k, shape = [64, 64], strides = [64, 1] : !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>
    %tv = make_tensor_view %v, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %pq = make_partition_view %tq : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    // K is read transposed through dim_map.
    %pk = cuda_tile.make_partition_view %tk : !cuda_tile.partition_view<tile=(64x64), !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>, dim_map=[1, 0]>
    %pv = make_partition_view %tv : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %qt, %t0 = load_view_tko weak %pq[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %kt, %t1 = cuda_tile.load_view_tko weak %pk[%c0, %c0]
      : !cuda_tile.partition_view<tile=(64x64), !cuda_tile.tensor_view<64x64xf16, strides=[64,1]>, dim_map=[1, 0]>, !cuda_tile.tile<i32>
      -> !cuda_tile.tile<64x64xf16>, !cuda_tile.token
    %vt, %t2 = load_view_tko weak %pv[%c0, %c0] : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token

    %zero = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %qt, %kt, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %scale = cuda_tile.constant <f32: 0.125> : !cuda_tile.tile<64x64xf32>
    %ss = cuda_tile.mulf %s, %scale : !cuda_tile.tile<64x64xf32>
    %mx = reduce %ss dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32>
    (%a: tile<f32>, %b: !cuda_tile.tile<f32>) {
      %m = cuda_tile.maxf %a, %b : tile<f32>
      yield %m : tile<f32>
    }
    %mx2 = reshape %mx : tile<64xf32> -> tile<64x1xf32>
    %mxb = broadcast %mx2 : tile<64x1xf32> -> !cuda_tile.tile<64x64xf32>
    %d = subf %ss, %mxb : tile<64x64xf32>
    %p = cuda_tile.exp2 %d : !cuda_tile.tile<64x64xf32>
    %l = reduce %p dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32>
    (%a2: tile<f32>, %b2: tile<f32>) {
      %sum = addf %a2, %b2 : tile<f32>
      cuda_tile.yield %sum : !cuda_tile.tile<f32>
    }
    %ph = ftof %p : tile<64x64xf32> -> tile<64x64xf16>
    %acc = mmaf %ph, %vt, %zero : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %l2 = reshape %l : tile<64xf32> -> tile<64x1xf32>
    %lb = broadcast %l2 : tile<64x1xf32> -> tile<64x64xf32>
    %out = divf %acc, %lb : tile<64x64xf32>
    %to = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %po = make_partition_view %to : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %tj = join_tokens %t0, %t1, %t2 : token
    %t3 = cuda_tile.store_view_tko weak %out, %po[%c0, %c0] token = %tj
      : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> !cuda_tile.token
    cuda_tile.return
  }
}
