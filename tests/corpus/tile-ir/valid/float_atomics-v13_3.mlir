entry @float_atomics(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_0 = constant <i64: 1> : tile<128xi64>
  %cst_128_i32 = constant <i32: 128> : tile<128xi32>
  %cst_1_i64_1 = constant <i64: 1> : tile<128xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview = make_tensor_view %arg6, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = join_tokens %0, %result_token : token
  %2 = iota : tile<128xi32>
  %3 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %4 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %4 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<128xi64>
  %5 = cmpi less_than %3, %bcast, unsigned : tile<128xi64> -> tile<128xi1>
  %6 = muli %3, %cst_1_i64 : tile<128xi64>
  %reshape_4 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_5 = broadcast %reshape_4 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %7 = offset %bcast_5, %6 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %result, %result_token_6 = atomic_rmw_tko relaxed device %7, addf, %tile, %5 token=%0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> tile<128xf32>, token
  %8 = ftof %tile  : tile<128xf32> -> tile<128xf16>
  %9 = exti %2 signed : tile<128xi32> -> tile<128xi64>
  %10 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %reshape_7 = reshape %10 : tile<i64> -> tile<1xi64>
  %bcast_8 = broadcast %reshape_7 : tile<1xi64> -> tile<128xi64>
  %11 = cmpi less_than %9, %bcast_8, unsigned : tile<128xi64> -> tile<128xi1>
  %12 = muli %9, %cst_1_i64_0 : tile<128xi64>
  %reshape_9 = reshape %arg3 : tile<ptr<f16>> -> tile<1xptr<f16>>
  %bcast_10 = broadcast %reshape_9 : tile<1xptr<f16>> -> tile<128xptr<f16>>
  %13 = offset %bcast_10, %12 : tile<128xptr<f16>>, tile<128xi64> -> tile<128xptr<f16>>
  %14 = join_tokens %0, %1, %result_token_6 : token
  %result_11, %result_token_12 = atomic_rmw_tko acq_rel device %13, addf, %8, %11 token=%14 : tile<128xptr<f16>>, tile<128xf16>, tile<128xi1> -> tile<128xf16>, token
  %15 = addi %2, %cst_128_i32 : tile<128xi32>
  %16 = exti %15 signed : tile<128xi32> -> tile<128xi64>
  %17 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_13 = reshape %17 : tile<i64> -> tile<1xi64>
  %bcast_14 = broadcast %reshape_13 : tile<1xi64> -> tile<128xi64>
  %18 = cmpi less_than %16, %bcast_14, unsigned : tile<128xi64> -> tile<128xi1>
  %19 = muli %16, %cst_1_i64_1 : tile<128xi64>
  %reshape_15 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_16 = broadcast %reshape_15 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %20 = offset %bcast_16, %19 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %21 = join_tokens %result_token_6, %1, %result_token_12 : token
  %result_17, %result_token_18 = atomic_rmw_tko acq_rel device %20, xchg, %tile, %18 token=%21 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> tile<128xf32>, token
  return
}
