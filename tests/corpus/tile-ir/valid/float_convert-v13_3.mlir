entry @float_convert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<bf16>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<f64>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_4 = make_tensor_view %arg3, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_6 = make_tensor_view %arg6, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_8 = make_tensor_view %arg9, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = ftof %tile  : tile<128xf32> -> tile<128xf16>
  %pview_9 = make_partition_view %tview_4 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_9[%blockId_x] token = %0 : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  %3 = ftof %tile  : tile<128xf32> -> tile<128xbf16>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>
  %4 = store_view_tko weak %3, %pview_10[%blockId_x] token = %0 : tile<128xbf16>, partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> token
  %5 = ftof %tile  : tile<128xf32> -> tile<128xf64>
  %pview_11 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xf64, strides=[1]>>
  %6 = store_view_tko weak %5, %pview_11[%blockId_x] token = %0 : tile<128xf64>, partition_view<tile=(128), tensor_view<?xf64, strides=[1]>>, tile<i32> -> token
  return
}
