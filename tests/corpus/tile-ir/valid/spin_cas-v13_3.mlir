entry @spin_cas(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_0 = constant <i64: 1> : tile<i64>
  %cst_1_i32_1 = constant <i32: 1> : tile<64xi32>
  %cst_1_i64_2 = constant <i64: 1> : tile<i64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %1 = exti %assume signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %cst_0_i64, %1, unsigned : tile<i64> -> tile<i1>
  %3 = muli %cst_0_i64, %cst_1_i64 : tile<i64>
  %4 = offset %arg0, %3 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %result, %result_token = atomic_cas_tko acquire device %4, %cst_0_i32, %cst_1_i32_4, %2 token=%0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_0_i32_5 = constant <i32: 0> : tile<i32>
  %cst_0_i32_6 = constant <i32: 0> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %cst_0_i64_8 = constant <i64: 0> : tile<i64>
  %5 = exti %assume signed : tile<i32> -> tile<i64>
  %6 = cmpi less_than %cst_0_i64_8, %5, unsigned : tile<i64> -> tile<i1>
  %7 = muli %cst_0_i64_8, %cst_1_i64_0 : tile<i64>
  %8 = offset %arg0, %7 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %9:3 = loop iter_values(%arg6 = %result, %arg7 = %result_token, %arg8 = %result_token) : tile<i32>, token, token -> tile<i32>, token, token {
    %20 = cmpi not_equal %arg6, %cst_0_i32_5, signed : tile<i32> -> tile<i1>
    if %20 {
    } else {
      break %arg6, %arg7, %arg8 : tile<i32>, token, token
    }
    %21 = join_tokens %arg7, %arg8 : token
    %result_15, %result_token_16 = atomic_cas_tko acquire device %8, %cst_0_i32_6, %cst_1_i32_7, %6 token=%21 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
    continue %result_15, %result_token_16, %result_token_16 : tile<i32>, token, token
  }
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %10 = join_tokens %0, %9#2 : token
  %tile, %result_token_9 = load_view_tko relaxed device %pview[%blockId_x] token = %10 : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
  %11 = join_tokens %0, %result_token_9 : token
  %12 = addi %tile, %cst_1_i32_1 : tile<64xi32>
  %pview_10 = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %13 = join_tokens %11, %9#2 : token
  %14 = store_view_tko relaxed device %12, %pview_10[%blockId_x] token = %13 : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %cst_0_i32_11 = constant <i32: 0> : tile<i32>
  %cst_0_i64_12 = constant <i64: 0> : tile<i64>
  %15 = exti %assume signed : tile<i32> -> tile<i64>
  %16 = cmpi less_than %cst_0_i64_12, %15, unsigned : tile<i64> -> tile<i1>
  %17 = muli %cst_0_i64_12, %cst_1_i64_2 : tile<i64>
  %18 = offset %arg0, %17 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %19 = join_tokens %9#1, %9#2, %14 : token
  %result_13, %result_token_14 = atomic_rmw_tko release device %18, xchg, %cst_0_i32_11, %16 token=%19 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
