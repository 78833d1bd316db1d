// valid: module attributes (producer), optimization_hints on every op that takes them (entry, view and pointer loads/stores) with `default` and per-GPU keys, global and alloca alignments
cuda_tile.module @hinted attributes {producer = "speclint tests 1.0"} {
  global private constant @scale alignment = 16 <f32: [2.0, 2.0, 2.0, 2.0]> : tile<4xf32>
  global @counts alignment = 8 <i64: [0, 0]> : tile<2xi64>

  entry @copy_scaled(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 2}, sm_80 = {num_cta_in_cga = 1}, sm_90 = {num_cta_in_cga = 2, occupancy = 1}, sm_100 = {num_cta_in_cga = 16, num_worker_warps_per_cta = 4}, "sm_120" = {num_worker_warps_per_cta = 8, occupancy = 32}> {
    %ts = make_tensor_view %src, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %td = make_tensor_view %dst, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %vs = make_partition_view %ts : partition_view<tile=(4), tensor_view<1024xf32, strides=[1]>>
    %vd = make_partition_view %td : partition_view<tile=(4), tensor_view<1024xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %tx = load_view_tko weak %vs[%bx] optimization_hints = <default = {allow_tma = true, latency = 1}, sm_90 = {allow_tma = false, latency = 10}>
      : partition_view<tile=(4), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %sp = get_global @scale : tile<ptr<f32>>
    %sps = reshape %sp : tile<ptr<f32>> -> tile<1xptr<f32>>
    %spb = broadcast %sps : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %step = iota : tile<4xi32>
    %sptrs = offset %spb, %step : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %s, %tl = load_ptr_tko weak %sptrs optimization_hints = <sm_100 = {latency = 5}> : tile<4xptr<f32>> -> tile<4xf32>, token
    %y = mulf %x, %s : tile<4xf32>
    %t = store_view_tko weak %y, %vd[%bx] token = %tx optimization_hints = <sm_100 = {allow_tma = true}>
      : tile<4xf32>, partition_view<tile=(4), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    %scratch = alloca num_elem = 4, alignment = 16 : tile<ptr<f32>>
    %scr1 = reshape %scratch : tile<ptr<f32>> -> tile<1xptr<f32>>
    %scrb = broadcast %scr1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %scrp = offset %scrb, %step : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %t2 = store_ptr_tko weak %scrp, %y token = %t optimization_hints = <default = {latency = 3}> : tile<4xptr<f32>>, tile<4xf32> -> token
    %cp = get_global @counts : tile<ptr<i64>>
    return
  }
}
