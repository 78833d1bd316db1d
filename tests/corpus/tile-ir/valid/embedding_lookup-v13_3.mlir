entry @embedding_lookup(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<bf16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<bf16>>
  %assume_0 = assume div_by<8>, %arg1 : tile<i32>
  %assume_1 = assume div_by<8>, %arg2 : tile<i32>
  %assume_2 = assume div_by<8>, %arg3 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<8>, %assume_assume : tile<i32>
  %assume_assume_5 = assume bounded<0, ?>, %assume_1 : tile<i32>
  %assume_assume_assume_6 = assume div_by<8>, %assume_assume_5 : tile<i32>
  %assume_assume_7 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_8 = assume div_by<8>, %assume_assume_7 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_6], strides = [%assume_assume_assume_8, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_9 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_10 = make_tensor_view %arg5, shape = [%assume_9], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_14 = make_tensor_view %arg8, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview_10 : partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<32xi32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %gsview = make_gather_scatter_view %tview : gather_scatter_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>, sparse_dim=0>
  %tile_15, %result_token_16 = load_view_tko weak %gsview[%tile, %cst_0_i32] token = %0 : gather_scatter_view<tile=(32x128), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>, sparse_dim=0>, tile<32xi32>, tile<i32> -> tile<32x128xbf16>, token
  %cst_0_i32_17 = constant <i32: 0> : tile<i32>
  %pview_18 = make_partition_view %tview_14 : partition_view<tile=(32x128), tensor_view<?x?xbf16, strides=[?,1]>>
  %1 = store_view_tko weak %tile_15, %pview_18[%blockId_x, %cst_0_i32_17] token = %0 : tile<32x128xbf16>, partition_view<tile=(32x128), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  return
}
