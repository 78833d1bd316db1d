entry @swap_halves(%arg0: tile<ptr<i8>>, %arg1: tile<i32>, %arg2: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi8, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %1 = muli %cst_2_i32, %blockId_x : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%1] token = %0 : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>, tile<i32> -> tile<256xi8>, token
  %2 = join_tokens %0, %result_token : token
  %cst_2_i32_0 = constant <i32: 2> : tile<i32>
  %3 = muli %cst_2_i32_0, %blockId_x : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %4 = addi %3, %cst_1_i32_1 : tile<i32>
  %pview_2 = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>
  %tile_3, %result_token_4 = load_view_tko weak %pview_2[%4] token = %0 : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>, tile<i32> -> tile<256xi8>, token
  %5 = join_tokens %2, %result_token_4 : token
  %cst_2_i32_5 = constant <i32: 2> : tile<i32>
  %6 = muli %cst_2_i32_5, %blockId_x : tile<i32>
  %pview_6 = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>
  %7 = store_view_tko weak %tile_3, %pview_6[%6] token = %5 : tile<256xi8>, partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
  %cst_2_i32_7 = constant <i32: 2> : tile<i32>
  %8 = muli %cst_2_i32_7, %blockId_x : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %9 = addi %8, %cst_1_i32_8 : tile<i32>
  %pview_9 = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>
  %10 = store_view_tko weak %tile, %pview_9[%9] token = %7 : tile<256xi8>, partition_view<tile=(256), tensor_view<?xi8, strides=[1]>>, tile<i32> -> token
  return
}
