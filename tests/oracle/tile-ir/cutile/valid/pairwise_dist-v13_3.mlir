entry @pairwise_dist(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_3 = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_7 = make_tensor_view %arg6, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_8 = make_partition_view %tview_3 : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
  %tile_9, %result_token_10 = load_view_tko weak %pview_8[%cst_0_i32] token = %0 : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<32xf32>, token
  %reshape = reshape %tile : tile<32xf32> -> tile<32x1xf32>
  %reshape_11 = reshape %tile_9 : tile<32xf32> -> tile<1x32xf32>
  %bcast = broadcast %reshape : tile<32x1xf32> -> tile<32x32xf32>
  %bcast_12 = broadcast %reshape_11 : tile<1x32xf32> -> tile<32x32xf32>
  %1 = subf %bcast, %bcast_12  : tile<32x32xf32>
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %2 = mulf %1, %1  : tile<32x32xf32>
  %3 = sqrt %2  : tile<32x32xf32>
  %pview_14 = make_partition_view %tview_7 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
  %4 = store_view_tko weak %3, %pview_14[%blockId_x, %cst_0_i32_13] token = %0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
