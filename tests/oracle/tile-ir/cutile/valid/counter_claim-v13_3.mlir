entry @counter_claim(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<1xi64>
  %cst_1_i32_0 = constant <i32: 1> : tile<1xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<1xi32>
  %1 = exti %cst_0_i32 signed : tile<1xi32> -> tile<1xi64>
  %2 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %2 : tile<i64> -> tile<1xi64>
  %3 = cmpi less_than %1, %reshape, unsigned : tile<1xi64> -> tile<1xi1>
  %4 = muli %1, %cst_1_i64 : tile<1xi64>
  %reshape_2 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %5 = offset %reshape_2, %4 : tile<1xptr<i32>>, tile<1xi64> -> tile<1xptr<i32>>
  %result, %result_token = atomic_rmw_tko acq_rel device %5, add, %cst_1_i32_0, %3 token=%0 : tile<1xptr<i32>>, tile<1xi32>, tile<1xi1> -> tile<1xi32>, token
  %bcast = broadcast %result : tile<1xi32> -> tile<32xi32>
  %pview = make_partition_view %tview : partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>
  %6 = join_tokens %0, %result_token : token
  %7 = store_view_tko weak %bcast, %pview[%blockId_x] token = %6 : tile<32xi32>, partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
