entry @scatter_add_like(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i64>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_2_i64 = constant <i64: 2> : tile<256xi64>
  %cst_4096_i32 = constant <i32: 4096> : tile<256xi32>
  %cst_1_i64 = constant <i64: 1> : tile<256xi64>
  %assume = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_2 = make_tensor_view %arg6, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<256xi32>, token
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(256), tensor_view<?xi64, strides=[1]>>
  %tile_4, %result_token_5 = load_view_tko weak %pview_3[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xi64, strides=[1]>>, tile<i32> -> tile<256xi64>, token
  %1 = muli %tile_4, %cst_2_i64 : tile<256xi64>
  %assume_6 = assume div_by<2>, %1 : tile<256xi64>
  %2 = cmpi less_than %tile, %cst_4096_i32, signed : tile<256xi32> -> tile<256xi1>
  %3 = exti %tile signed : tile<256xi32> -> tile<256xi64>
  %4 = muli %3, %cst_1_i64 : tile<256xi64>
  %reshape = reshape %arg0 : tile<ptr<i64>> -> tile<1xptr<i64>>
  %bcast = broadcast %reshape : tile<1xptr<i64>> -> tile<256xptr<i64>>
  %5 = offset %bcast, %4 : tile<256xptr<i64>>, tile<256xi64> -> tile<256xptr<i64>>
  %6 = store_ptr_tko weak %5, %assume_6, %2 token=%0 : tile<256xptr<i64>>, tile<256xi64>, tile<256xi1> -> token
  return
}
