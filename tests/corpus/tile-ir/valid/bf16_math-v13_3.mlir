entry @bf16_math(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<bf16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<bf16>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_7 = make_tensor_view %arg5, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_11 = make_tensor_view %arg10, shape = [%assume_8, %assume_9], strides = [%assume_10, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<32x32xbf16>, token
  %cst_0_i32_12 = constant <i32: 0> : tile<i32>
  %pview_13 = make_partition_view %tview_7 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_x, %cst_0_i32_12] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<32x32xbf16>, token
  %1 = fma %tile, %tile_14, %tile  : tile<32x32xbf16>
  %2 = minf %1, %tile_14 : tile<32x32xbf16>
  %3 = exp %tile  : tile<32x32xbf16>
  %4 = subf %2, %3  : tile<32x32xbf16>
  %5 = ftof %4  : tile<32x32xbf16> -> tile<32x32xf32>
  %6 = ftof %tile_14  : tile<32x32xbf16> -> tile<32x32xf32>
  %7 = addf %5, %6  : tile<32x32xf32>
  %cst_0_i32_16 = constant <i32: 0> : tile<i32>
  %8 = ftof %7  : tile<32x32xf32> -> tile<32x32xbf16>
  %pview_17 = make_partition_view %tview_11 : partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>
  %9 = store_view_tko weak %8, %pview_17[%blockId_x, %cst_0_i32_16] token = %0 : tile<32x32xbf16>, partition_view<tile=(32x32), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  return
}
