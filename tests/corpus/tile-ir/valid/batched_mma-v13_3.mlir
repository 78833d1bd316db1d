entry @batched_mma(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f32>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2, %assume_3], strides = [%assume_4, %assume_5, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_6 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg12 : tile<i32>
  %tview_11 = make_tensor_view %arg7, shape = [%assume_6, %assume_7, %assume_8], strides = [%assume_9, %assume_10, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_12 = assume bounded<0, ?>, %arg15 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg16 : tile<i32>
  %assume_14 = assume bounded<0, ?>, %arg17 : tile<i32>
  %assume_15 = assume bounded<0, ?>, %arg18 : tile<i32>
  %assume_16 = assume bounded<0, ?>, %arg19 : tile<i32>
  %tview_17 = make_tensor_view %arg14, shape = [%assume_12, %assume_13, %assume_14], strides = [%assume_15, %assume_16, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_i32_18 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(2x32x16), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32, %cst_0_i32_18] token = %0 : partition_view<tile=(2x32x16), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<2x32x16xf16>, token
  %cst_0_i32_19 = constant <i32: 0> : tile<i32>
  %cst_0_i32_20 = constant <i32: 0> : tile<i32>
  %pview_21 = make_partition_view %tview_11 : partition_view<tile=(2x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tile_22, %result_token_23 = load_view_tko weak %pview_21[%blockId_x, %cst_0_i32_19, %cst_0_i32_20] token = %0 : partition_view<tile=(2x16x32), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<2x16x32xf16>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<2x32x32xf32>
  %1 = mmaf %tile, %tile_22, %cst_0_f32 : tile<2x32x16xf16>, tile<2x16x32xf16>, tile<2x32x32xf32>
  %cst_0_i32_24 = constant <i32: 0> : tile<i32>
  %cst_0_i32_25 = constant <i32: 0> : tile<i32>
  %pview_26 = make_partition_view %tview_17 : partition_view<tile=(2x32x32), tensor_view<?x?x?xf32, strides=[?,?,1]>>
  %2 = store_view_tko weak %1, %pview_26[%blockId_x, %cst_0_i32_24, %cst_0_i32_25] token = %0 : tile<2x32x32xf32>, partition_view<tile=(2x32x32), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
  return
}
