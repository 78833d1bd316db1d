entry @linear_relu(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<bf16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<ptr<bf16>>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_3], strides = [%assume_4, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_5 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_8 = make_tensor_view %arg5, shape = [%assume_5, %assume_6], strides = [%assume_7, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_10 = make_tensor_view %arg10, shape = [%assume_9], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg14 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %tview_14 = make_tensor_view %arg13, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_15, %blockId_y_16, %blockId_z_17 = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x64xf32>
  %pview = make_partition_view %tview : partition_view<tile=(64x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(64x32), tensor_view<?x?xbf16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_18 = constant <i32: 1> : tile<i32>
  %pview_19 = make_partition_view %tview : partition_view<tile=(64x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %pview_20 = make_partition_view %tview_8 : partition_view<tile=(32x64), tensor_view<?x?xbf16, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32_18) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<64x64xf32>) {
    %tile_26, %result_token_27 = load_view_tko weak %pview_19[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(64x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<64x32xbf16>, token
    %tile_28, %result_token_29 = load_view_tko weak %pview_20[%loopIdx, %blockId_y_16] token = %0 : partition_view<tile=(32x64), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<32x64xbf16>, token
    %6 = mmaf %tile_26, %tile_28, %iterArg0 : tile<64x32xbf16>, tile<32x64xbf16>, tile<64x64xf32>
    continue %6 : tile<64x64xf32>
  }
  %pview_21 = make_partition_view %tview_10 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview_21[%blockId_y_16] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
  %reshape = reshape %tile : tile<64xf32> -> tile<1x64xf32>
  %bcast = broadcast %reshape : tile<1x64xf32> -> tile<64x64xf32>
  %2 = addf %for, %bcast  : tile<64x64xf32>
  %cst_0_f32_22 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_23 = reshape %cst_0_f32_22 : tile<f32> -> tile<1x1xf32>
  %bcast_24 = broadcast %reshape_23 : tile<1x1xf32> -> tile<64x64xf32>
  %3 = maxf %2, %bcast_24 : tile<64x64xf32>
  %4 = ftof %3  : tile<64x64xf32> -> tile<64x64xbf16>
  %pview_25 = make_partition_view %tview_14 : partition_view<tile=(64x64), tensor_view<?x?xbf16, strides=[?,1]>>
  %5 = store_view_tko weak %4, %pview_25[%blockId_x, %blockId_y_16] token = %0 : tile<64x64xbf16>, partition_view<tile=(64x64), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  return
}
