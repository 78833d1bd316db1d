entry @scaled_mma_fp8(%arg0: tile<ptr<f8E4M3FN>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f8E8M0FNU>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f8E4M3FN>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<ptr<f8E8M0FNU>>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<ptr<f32>>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_9 = make_tensor_view %arg5, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %assume_10 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_11 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_13 = make_tensor_view %arg10, shape = [%assume_10, %assume_11], strides = [%assume_12, 1] : tile<i32> -> tensor_view<?x?xf8E4M3FN, strides=[?,1]>
  %assume_14 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg18 : tile<i32>
  %tview_17 = make_tensor_view %arg15, shape = [%assume_14, %assume_15], strides = [%assume_16, 1] : tile<i32> -> tensor_view<?x?xf8E8M0FNU, strides=[?,1]>
  %assume_18 = assume bounded<0, ?>, %arg21 : tile<i32>
  %assume_19 = assume bounded<0, ?>, %arg22 : tile<i32>
  %assume_20 = assume bounded<0, ?>, %arg23 : tile<i32>
  %tview_21 = make_tensor_view %arg20, shape = [%assume_18, %assume_19], strides = [%assume_20, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_22, %blockId_y_23, %blockId_z_24 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
  %cst_0_i32_25 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview_9 : partition_view<tile=(128x4), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %tile_27, %result_token_28 = load_view_tko weak %pview_26[%blockId_x, %cst_0_i32_25] token = %0 : partition_view<tile=(128x4), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
  %cst_0_i32_29 = constant <i32: 0> : tile<i32>
  %pview_30 = make_partition_view %tview_13 : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>
  %tile_31, %result_token_32 = load_view_tko weak %pview_30[%cst_0_i32_29, %blockId_y_23] token = %0 : partition_view<tile=(128x128), tensor_view<?x?xf8E4M3FN, strides=[?,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
  %cst_0_i32_33 = constant <i32: 0> : tile<i32>
  %pview_34 = make_partition_view %tview_17 : partition_view<tile=(4x128), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>
  %tile_35, %result_token_36 = load_view_tko weak %pview_34[%cst_0_i32_33, %blockId_y_23] token = %0 : partition_view<tile=(4x128), tensor_view<?x?xf8E8M0FNU, strides=[?,1]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128x128xf32>
  %1 = mmaf_scaled %tile, %tile_31, %cst_0_f32, %tile_27, %tile_35 : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  %pview_37 = make_partition_view %tview_21 : partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>
  %2 = store_view_tko weak %1, %pview_37[%blockId_x, %blockId_y_23] token = %0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
