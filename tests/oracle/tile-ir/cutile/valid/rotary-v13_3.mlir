entry @rotary(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f32>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_3], strides = [%assume_4, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_8 = make_tensor_view %arg5, shape = [%assume_5, %assume_6], strides = [%assume_7, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_12 = make_tensor_view %arg10, shape = [%assume_9, %assume_10], strides = [%assume_11, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg18 : tile<i32>
  %tview_16 = make_tensor_view %arg15, shape = [%assume_13, %assume_14], strides = [%assume_15, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
  %cst_1_i32_17 = constant <i32: 1> : tile<i32>
  %pview_18 = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_19, %result_token_20 = load_view_tko weak %pview_18[%blockId_x, %cst_1_i32_17] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
  %cst_0_i32_21 = constant <i32: 0> : tile<i32>
  %pview_22 = make_partition_view %tview_8 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_23, %result_token_24 = load_view_tko weak %pview_22[%blockId_x, %cst_0_i32_21] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
  %cst_0_i32_25 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview_12 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_27, %result_token_28 = load_view_tko weak %pview_26[%blockId_x, %cst_0_i32_25] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
  %cst_0_i32_29 = constant <i32: 0> : tile<i32>
  %1 = mulf %tile_19, %tile_27  : tile<16x64xf32>
  %2 = negf %1 : tile<16x64xf32>
  %3 = fma %tile, %tile_23, %2  : tile<16x64xf32>
  %pview_30 = make_partition_view %tview_16 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %4 = store_view_tko weak %3, %pview_30[%blockId_x, %cst_0_i32_29] token = %0 : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  %cst_1_i32_31 = constant <i32: 1> : tile<i32>
  %5 = mulf %tile, %tile_27  : tile<16x64xf32>
  %6 = fma %tile_19, %tile_23, %5  : tile<16x64xf32>
  %pview_32 = make_partition_view %tview_16 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %7 = store_view_tko weak %6, %pview_32[%blockId_x, %cst_1_i32_31] token = %4 : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
