entry @shifts_u64(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i64>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_32_i64 = constant <i64: 32> : tile<64xi64>
  %cst_4294967295_i64 = constant <i64: 4294967295> : tile<64xi64>
  %cst_7_i64 = constant <i64: 7> : tile<64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>, tile<i32> -> tile<64xi64>, token
  %1 = shri %tile, %cst_32_i64 unsigned : tile<64xi64>
  %2 = andi %tile, %cst_4294967295_i64 : tile<64xi64>
  %3 = shli %2, %cst_7_i64 : tile<64xi64>
  %4 = xori %3, %1 : tile<64xi64>
  %cst_-1_i64 = constant <i64: -1> : tile<64xi64>
  %5 = xori %2, %cst_-1_i64 : tile<64xi64>
  %6 = ori %4, %5 : tile<64xi64>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>
  %7 = store_view_tko weak %6, %pview_3[%blockId_x] token = %0 : tile<64xi64>, partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>, tile<i32> -> token
  return
}
