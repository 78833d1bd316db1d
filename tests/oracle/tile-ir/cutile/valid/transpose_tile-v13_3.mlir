entry @transpose_tile(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_6 = make_tensor_view %arg5, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_7, %blockId_y_8, %blockId_z_9 = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %blockId_y_8] token = %0 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
  %1 = permute %tile [1, 0] : tile<32x64xf16> -> tile<64x32xf16>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>
  %2 = store_view_tko weak %1, %pview_10[%blockId_y_8, %blockId_x] token = %0 : tile<64x32xf16>, partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  return
}
