entry @copy3d(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1, %assume_2], strides = [%assume_3, %assume_4, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg12 : tile<i32>
  %tview_10 = make_tensor_view %arg7, shape = [%assume_5, %assume_6, %assume_7], strides = [%assume_8, %assume_9, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_11, %blockId_y_12, %blockId_z_13 = get_tile_block_id : tile<i32>
  %blockId_x_14, %blockId_y_15, %blockId_z_16 = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(4x8x16), padding_value = neg_inf, tensor_view<?x?x?xf16, strides=[?,?,1]>, dim_map=[2, 0, 1]>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %blockId_y_12, %blockId_z_16] token = %0 optimization_hints = <default = {latency = 8}> : partition_view<tile=(4x8x16), padding_value = neg_inf, tensor_view<?x?x?xf16, strides=[?,?,1]>, dim_map=[2, 0, 1]>, tile<i32> -> tile<4x8x16xf16>, token
  %pview_17 = make_partition_view %tview_10 : partition_view<tile=(4x8x16), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %1 = store_view_tko weak %tile, %pview_17[%blockId_z_16, %blockId_x, %blockId_y_12] token = %0 : tile<4x8x16xf16>, partition_view<tile=(4x8x16), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
  return
}
