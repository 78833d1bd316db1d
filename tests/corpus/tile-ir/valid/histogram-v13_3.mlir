entry @histogram(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<256xi32>
  %cst_63_i32 = constant <i32: 63> : tile<256xi32>
  %cst_1_i64 = constant <i64: 1> : tile<256xi64>
  %cst_1_i32_0 = constant <i32: 1> : tile<256xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<256xi32>, token
  %1 = join_tokens %0, %result_token : token
  %2 = maxi %tile, %cst_0_i32 signed : tile<256xi32>
  %3 = mini %2, %cst_63_i32 signed : tile<256xi32>
  %4 = exti %3 signed : tile<256xi32> -> tile<256xi64>
  %5 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape = reshape %5 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<256xi64>
  %6 = cmpi less_than %4, %bcast, unsigned : tile<256xi64> -> tile<256xi1>
  %7 = muli %4, %cst_1_i64 : tile<256xi64>
  %reshape_2 = reshape %arg3 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_3 = broadcast %reshape_2 : tile<1xptr<i32>> -> tile<256xptr<i32>>
  %8 = offset %bcast_3, %7 : tile<256xptr<i32>>, tile<256xi64> -> tile<256xptr<i32>>
  %9 = join_tokens %0, %1 : token
  %result, %result_token_4 = atomic_rmw_tko acq_rel device %8, add, %cst_1_i32_0, %6 token=%9 : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
  return
}
