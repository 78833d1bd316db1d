entry @unsigned_atomics(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_0 = constant <i64: 1> : tile<64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
  %1 = join_tokens %0, %result_token : token
  %2 = iota : tile<64xi32>
  %3 = exti %2 signed : tile<64xi32> -> tile<64xi64>
  %4 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %4 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<64xi64>
  %5 = cmpi less_than %3, %bcast, unsigned : tile<64xi64> -> tile<64xi1>
  %6 = muli %3, %cst_1_i64 : tile<64xi64>
  %reshape_2 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_3 = broadcast %reshape_2 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %7 = offset %bcast_3, %6 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %8 = join_tokens %0, %1 : token
  %result, %result_token_4 = atomic_rmw_tko acq_rel device %7, umax, %tile, %5 token=%8 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  %9 = exti %2 signed : tile<64xi32> -> tile<64xi64>
  %10 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_5 = reshape %10 : tile<i64> -> tile<1xi64>
  %bcast_6 = broadcast %reshape_5 : tile<1xi64> -> tile<64xi64>
  %11 = cmpi less_than %9, %bcast_6, unsigned : tile<64xi64> -> tile<64xi1>
  %12 = muli %9, %cst_1_i64_0 : tile<64xi64>
  %reshape_7 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<i32>> -> tile<64xptr<i32>>
  %13 = offset %bcast_8, %12 : tile<64xptr<i32>>, tile<64xi64> -> tile<64xptr<i32>>
  %14 = join_tokens %result_token_4, %1 : token
  %result_9, %result_token_10 = atomic_rmw_tko acq_rel device %13, umin, %tile, %11 token=%14 : tile<64xptr<i32>>, tile<64xi32>, tile<64xi1> -> tile<64xi32>, token
  return
}
