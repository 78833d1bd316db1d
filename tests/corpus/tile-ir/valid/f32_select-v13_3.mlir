entry @f32_select(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_3 = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_5 = make_tensor_view %arg6, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %pview_6 = make_partition_view %tview_3 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %tile_7, %result_token_8 = load_view_tko weak %pview_6[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %1 = cmpf less_than ordered %tile, %tile_7 : tile<256xf32> -> tile<256xi1>
  %reshape = reshape %arg9 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<256xf32>
  %2 = cmpf greater_than_or_equal ordered %tile, %bcast : tile<256xf32> -> tile<256xi1>
  %3 = cmpf not_equal unordered %tile_7, %tile_7 : tile<256xf32> -> tile<256xi1>
  %true = constant <i1: true> : tile<256xi1>
  %4 = xori %3, %true : tile<256xi1>
  %5 = andi %1, %4 : tile<256xi1>
  %6 = select %5, %tile, %tile_7 : tile<256xi1>, tile<256xf32>
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
  %reshape_9 = reshape %cst_2_f32 : tile<f32> -> tile<1xf32>
  %bcast_10 = broadcast %reshape_9 : tile<1xf32> -> tile<256xf32>
  %7 = mulf %6, %bcast_10  : tile<256xf32>
  %8 = select %2, %7, %6 : tile<256xi1>, tile<256xf32>
  %9 = cmpf not_equal unordered %tile, %tile_7 : tile<256xf32> -> tile<256xi1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_11 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast_12 = broadcast %reshape_11 : tile<1xf32> -> tile<256xf32>
  %10 = select %9, %8, %bcast_12 : tile<256xi1>, tile<256xf32>
  %pview_13 = make_partition_view %tview_5 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %11 = store_view_tko weak %10, %pview_13[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
