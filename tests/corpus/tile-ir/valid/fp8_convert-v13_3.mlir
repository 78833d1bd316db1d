entry @fp8_convert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f8E4M3FN>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f8E5M2>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f16>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_4 = make_tensor_view %arg3, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf8E4M3FN, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_6 = make_tensor_view %arg6, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf8E5M2, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_8 = make_tensor_view %arg9, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = ftof %tile  : tile<128xf32> -> tile<128xf8E4M3FN>
  %2 = ftof %tile  : tile<128xf32> -> tile<128xf8E5M2>
  %pview_9 = make_partition_view %tview_4 : partition_view<tile=(128), tensor_view<?xf8E4M3FN, strides=[1]>>
  %3 = store_view_tko weak %1, %pview_9[%blockId_x] token = %0 : tile<128xf8E4M3FN>, partition_view<tile=(128), tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> token
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xf8E5M2, strides=[1]>>
  %4 = store_view_tko weak %2, %pview_10[%blockId_x] token = %0 : tile<128xf8E5M2>, partition_view<tile=(128), tensor_view<?xf8E5M2, strides=[1]>>, tile<i32> -> token
  %5 = ftof %1  : tile<128xf8E4M3FN> -> tile<128xf16>
  %6 = ftof %2  : tile<128xf8E5M2> -> tile<128xf16>
  %7 = addf %5, %6  : tile<128xf16>
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %8 = store_view_tko weak %7, %pview_11[%blockId_x] token = %0 : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  return
}
