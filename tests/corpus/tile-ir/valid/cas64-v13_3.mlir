entry @cas64(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i64>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i64>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i64>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_4 = make_tensor_view %arg6, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_6 = make_tensor_view %arg9, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = muli %blockId_x, %cst_64_i32 : tile<i32>
  %2 = iota : tile<64xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<64xi32>
  %3 = addi %bcast, %2 : tile<64xi32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>, tile<i32> -> tile<64xi64>, token
  %4 = join_tokens %0, %result_token : token
  %pview_7 = make_partition_view %tview_4 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>
  %tile_8, %result_token_9 = load_view_tko weak %pview_7[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>, tile<i32> -> tile<64xi64>, token
  %5 = join_tokens %0, %result_token_9 : token
  %6 = exti %3 signed : tile<64xi32> -> tile<64xi64>
  %7 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_10 = reshape %7 : tile<i64> -> tile<1xi64>
  %bcast_11 = broadcast %reshape_10 : tile<1xi64> -> tile<64xi64>
  %8 = cmpi less_than %6, %bcast_11, unsigned : tile<64xi64> -> tile<64xi1>
  %9 = muli %6, %cst_1_i64 : tile<64xi64>
  %reshape_12 = reshape %arg0 : tile<ptr<i64>> -> tile<1xptr<i64>>
  %bcast_13 = broadcast %reshape_12 : tile<1xptr<i64>> -> tile<64xptr<i64>>
  %10 = offset %bcast_13, %9 : tile<64xptr<i64>>, tile<64xi64> -> tile<64xptr<i64>>
  %11 = join_tokens %0, %4, %5 : token
  %result, %result_token_14 = atomic_cas_tko acq_rel sys %10, %tile, %tile_8, %8 token=%11 : tile<64xptr<i64>>, tile<64xi64>, tile<64xi1> -> tile<64xi64>, token
  %pview_15 = make_partition_view %tview_6 : partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>
  %12 = join_tokens %0, %result_token_14 : token
  %13 = store_view_tko weak %result, %pview_15[%blockId_x] token = %12 : tile<64xi64>, partition_view<tile=(64), tensor_view<?xi64, strides=[1]>>, tile<i32> -> token
  return
}
