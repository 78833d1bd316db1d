entry @gelu_tanh(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %cst_f32 = constant <f32: 0.797884583> : tile<f32>
  %cst_f32_3 = constant <f32: 4.471500e-02> : tile<f32>
  %reshape = reshape %cst_f32_3 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<256xf32>
  %1 = mulf %bcast, %tile  : tile<256xf32>
  %2 = mulf %1, %tile  : tile<256xf32>
  %3 = fma %2, %tile, %tile  : tile<256xf32>
  %reshape_4 = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast_5 = broadcast %reshape_4 : tile<1xf32> -> tile<256xf32>
  %4 = mulf %bcast_5, %3  : tile<256xf32>
  %cst_f32_6 = constant <f32: 5.000000e-01> : tile<f32>
  %reshape_7 = reshape %cst_f32_6 : tile<f32> -> tile<1xf32>
  %bcast_8 = broadcast %reshape_7 : tile<1xf32> -> tile<256xf32>
  %5 = mulf %bcast_8, %tile  : tile<256xf32>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %6 = tanh %4  : tile<256xf32>
  %reshape_9 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast_10 = broadcast %reshape_9 : tile<1xf32> -> tile<256xf32>
  %7 = addf %bcast_10, %6  : tile<256xf32>
  %8 = mulf %5, %7  : tile<256xf32>
  %pview_11 = make_partition_view %tview_2 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %9 = store_view_tko weak %8, %pview_11[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
