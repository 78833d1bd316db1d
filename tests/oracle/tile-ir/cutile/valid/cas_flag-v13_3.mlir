entry @cas_flag(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i64>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<1xi64>
  %cst_0_i64 = constant <i64: 0> : tile<1xi64>
  %cst_1_i64_0 = constant <i64: 1> : tile<1xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<1xi32>
  %reshape = reshape %blockId_x : tile<i32> -> tile<1xi32>
  %1 = addi %cst_0_i32, %reshape : tile<1xi32>
  %2 = exti %1 signed : tile<1xi32> -> tile<1xi64>
  %3 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_2 = reshape %3 : tile<i64> -> tile<1xi64>
  %4 = cmpi less_than %2, %reshape_2, unsigned : tile<1xi64> -> tile<1xi1>
  %5 = muli %2, %cst_1_i64 : tile<1xi64>
  %reshape_3 = reshape %arg0 : tile<ptr<i64>> -> tile<1xptr<i64>>
  %6 = offset %reshape_3, %5 : tile<1xptr<i64>>, tile<1xi64> -> tile<1xptr<i64>>
  %result, %result_token = atomic_cas_tko acquire device %6, %cst_0_i64, %cst_1_i64_0, %4 token=%0 : tile<1xptr<i64>>, tile<1xi64>, tile<1xi1> -> tile<1xi64>, token
  %bcast = broadcast %result : tile<1xi64> -> tile<16xi64>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xi64, strides=[1]>>
  %7 = join_tokens %0, %result_token : token
  %8 = store_view_tko weak %bcast, %pview[%blockId_x] token = %7 : tile<16xi64>, partition_view<tile=(16), tensor_view<?xi64, strides=[1]>>, tile<i32> -> token
  return
}
