entry @int_atomics(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<sm_90 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_1 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_2 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_3 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_4 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_5 = constant <i64: 1> : tile<128xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_7 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_8 = make_tensor_view %arg6, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %1 = join_tokens %0, %result_token : token
  %2 = iota : tile<128xi32>
  %3 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %4 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %4 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<128xi64>
  %5 = cmpi less_than %3, %bcast, unsigned : tile<128xi64> -> tile<128xi1>
  %6 = muli %3, %cst_1_i64 : tile<128xi64>
  %reshape_9 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_10 = broadcast %reshape_9 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %7 = offset %bcast_10, %6 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %result, %result_token_11 = atomic_rmw_tko relaxed device %7, max, %tile, %5 token=%0 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %8 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %9 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_12 = reshape %9 : tile<i64> -> tile<1xi64>
  %bcast_13 = broadcast %reshape_12 : tile<1xi64> -> tile<128xi64>
  %10 = cmpi less_than %8, %bcast_13, unsigned : tile<128xi64> -> tile<128xi1>
  %11 = muli %8, %cst_1_i64_1 : tile<128xi64>
  %reshape_14 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_15 = broadcast %reshape_14 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %12 = offset %bcast_15, %11 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %result_16, %result_token_17 = atomic_rmw_tko acquire tl_blk %12, min, %tile, %10 token=%result_token_11 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %13 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %14 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_18 = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast_19 = broadcast %reshape_18 : tile<1xi64> -> tile<128xi64>
  %15 = cmpi less_than %13, %bcast_19, unsigned : tile<128xi64> -> tile<128xi1>
  %16 = muli %13, %cst_1_i64_2 : tile<128xi64>
  %reshape_20 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_21 = broadcast %reshape_20 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %17 = offset %bcast_21, %16 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %18 = join_tokens %result_token_17, %1 : token
  %result_22, %result_token_23 = atomic_rmw_tko release device %17, and, %tile, %15 token=%18 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %19 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %20 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_24 = reshape %20 : tile<i64> -> tile<1xi64>
  %bcast_25 = broadcast %reshape_24 : tile<1xi64> -> tile<128xi64>
  %21 = cmpi less_than %19, %bcast_25, unsigned : tile<128xi64> -> tile<128xi1>
  %22 = muli %19, %cst_1_i64_3 : tile<128xi64>
  %reshape_26 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_27 = broadcast %reshape_26 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %23 = offset %bcast_27, %22 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %24 = join_tokens %result_token_23, %1, %result_token_17 : token
  %result_28, %result_token_29 = atomic_rmw_tko acq_rel sys %23, or, %tile, %21 token=%24 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %25 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %26 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_30 = reshape %26 : tile<i64> -> tile<1xi64>
  %bcast_31 = broadcast %reshape_30 : tile<1xi64> -> tile<128xi64>
  %27 = cmpi less_than %25, %bcast_31, unsigned : tile<128xi64> -> tile<128xi1>
  %28 = muli %25, %cst_1_i64_4 : tile<128xi64>
  %reshape_32 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_33 = broadcast %reshape_32 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %29 = offset %bcast_33, %28 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %30 = join_tokens %result_token_29, %1 : token
  %result_34, %result_token_35 = atomic_rmw_tko acq_rel device %29, xor, %tile, %27 token=%30 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %31 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %32 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_36 = reshape %32 : tile<i64> -> tile<1xi64>
  %bcast_37 = broadcast %reshape_36 : tile<1xi64> -> tile<128xi64>
  %33 = cmpi less_than %31, %bcast_37, unsigned : tile<128xi64> -> tile<128xi1>
  %34 = muli %31, %cst_1_i64_5 : tile<128xi64>
  %reshape_38 = reshape %arg0 : tile<ptr<i32>> -> tile<1xptr<i32>>
  %bcast_39 = broadcast %reshape_38 : tile<1xptr<i32>> -> tile<128xptr<i32>>
  %35 = offset %bcast_39, %34 : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
  %36 = join_tokens %result_token_35, %1 : token
  %result_40, %result_token_41 = atomic_rmw_tko acq_rel device %35, xchg, %tile, %33 token=%36 : tile<128xptr<i32>>, tile<128xi32>, tile<128xi1> -> tile<128xi32>, token
  %37 = addi %result, %result_16 : tile<128xi32>
  %38 = addi %37, %result_22 : tile<128xi32>
  %39 = addi %38, %result_28 : tile<128xi32>
  %40 = addi %39, %result_34 : tile<128xi32>
  %41 = addi %40, %result_40 : tile<128xi32>
  %pview_42 = make_partition_view %tview_8 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %42 = join_tokens %0, %result_token_41 : token
  %43 = store_view_tko weak %41, %pview_42[%blockId_x] token = %42 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
