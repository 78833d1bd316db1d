entry @fp8_convert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f8E4M3FN>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf8E4M3FN, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = ftof %tile  : tile<128xf32> -> tile<128xf8E5M2>
  %2 = ftof %1  : tile<128xf8E5M2> -> tile<128xf32>
  %3 = ftof %2  : tile<128xf32> -> tile<128xf8E4M3FN>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf8E4M3FN, strides=[1]>>
  %4 = store_view_tko weak %3, %pview_3[%blockId_x] token = %0 : tile<128xf8E4M3FN>, partition_view<tile=(128), tensor_view<?xf8E4M3FN, strides=[1]>>, tile<i32> -> token
  return
}
