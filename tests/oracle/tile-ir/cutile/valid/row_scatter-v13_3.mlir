entry @row_scatter(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_5 = make_tensor_view %arg5, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_9 = make_tensor_view %arg8, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview_5 : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_10 = make_partition_view %tview_9 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %gsview = make_gather_scatter_view %tview : gather_scatter_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>
  %1 = store_view_tko weak %tile_11, %gsview[%tile, %cst_0_i32_13] token = %0 : tile<16x64xf32>, gather_scatter_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>, tile<16xi32>, tile<i32> -> token
  return
}
