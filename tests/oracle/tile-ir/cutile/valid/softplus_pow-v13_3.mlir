entry @softplus_pow(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %1 = mulf %bcast, %tile  : tile<128xf32>
  %2 = exp %1  : tile<128xf32>
  %reshape_3 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast_4 = broadcast %reshape_3 : tile<1xf32> -> tile<128xf32>
  %3 = addf %bcast_4, %2  : tile<128xf32>
  %4 = log %3 : tile<128xf32>
  %reshape_5 = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast_6 = broadcast %reshape_5 : tile<1xf32> -> tile<128xf32>
  %5 = divf %4, %bcast_6  : tile<128xf32>
  %6 = absf %5 : tile<128xf32>
  %cst_f32 = constant <f32: 1.500000e+00> : tile<f32>
  %reshape_7 = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast_8 = broadcast %reshape_7 : tile<1xf32> -> tile<128xf32>
  %7 = fpowf %6, %bcast_8 : tile<128xf32>
  %pview_9 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %8 = store_view_tko weak %7, %pview_9[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
