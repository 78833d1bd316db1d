entry @float_int_convert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i8>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i64>>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<ptr<f32>>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_5 = make_tensor_view %arg3, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_7 = make_tensor_view %arg6, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
  %assume_8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_9 = make_tensor_view %arg9, shape = [%assume_8], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %assume_10 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_11 = make_tensor_view %arg12, shape = [%assume_10], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = ftoi %tile signed  : tile<128xf32> -> tile<128xi32>
  %pview_12 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_12[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %3 = ftoi %tile unsigned  : tile<128xf32> -> tile<128xi8>
  %pview_13 = make_partition_view %tview_7 : partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>
  %4 = store_view_tko weak %3, %pview_13[%blockId_x] token = %0 : tile<128xi8>, partition_view<tile=(128), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
  %5 = exti %1 signed : tile<128xi32> -> tile<128xi64>
  %pview_14 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xi64, strides=[1]>>
  %6 = store_view_tko weak %5, %pview_14[%blockId_x] token = %0 : tile<128xi64>, partition_view<tile=(128), tensor_view<?xi64, strides=[1]>>, tile<i32> -> token
  %7 = itof %1 signed  : tile<128xi32> -> tile<128xf32>
  %8 = trunci %1 : tile<128xi32> -> tile<128xi16>
  %9 = itof %8 unsigned  : tile<128xi16> -> tile<128xf32>
  %10 = addf %7, %9  : tile<128xf32>
  %pview_15 = make_partition_view %tview_11 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %11 = store_view_tko weak %10, %pview_15[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
