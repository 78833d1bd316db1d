entry @latency_hinted(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 optimization_hints = <default = {allow_tma = false, latency = 4}> : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
  %cst_3_f16 = constant <f16: 3.000000e+00> : tile<f16>
  %reshape = reshape %cst_3_f16 : tile<f16> -> tile<1xf16>
  %bcast = broadcast %reshape : tile<1xf16> -> tile<128xf16>
  %1 = mulf %tile, %bcast  : tile<128xf16>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_3[%blockId_x] token = %0 optimization_hints = <default = {latency = 2}> : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  return
}
