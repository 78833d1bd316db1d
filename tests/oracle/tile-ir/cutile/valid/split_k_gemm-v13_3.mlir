entry @split_k_gemm(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<32x32xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_6 = make_tensor_view %arg5, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg13 : tile<i32>
  %cst_32_i32 = constant <i32: 32> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_10, %blockId_y_11, %blockId_z_12 = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %blockId_y_11] token = %0 : partition_view<tile=(32x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x64xf16>, token
  %1 = join_tokens %0, %result_token : token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview_13 = make_partition_view %tview_6 : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_y_11, %cst_0_i32] token = %0 : partition_view<tile=(64x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<64x32xf16>, token
  %2 = join_tokens %0, %result_token_15 : token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<32x32xf32>
  %3 = mmaf %tile, %tile_14, %cst_0_f32 : tile<32x64xf16>, tile<64x32xf16>, tile<32x32xf32>
  %4 = muli %blockId_x, %cst_32_i32 : tile<i32>
  %5 = iota : tile<32xi32>
  %reshape = reshape %4 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<32xi32>
  %6 = addi %bcast, %5 : tile<32xi32>
  %7 = iota : tile<32xi32>
  %reshape_16 = reshape %6 : tile<32xi32> -> tile<32x1xi32>
  %reshape_17 = reshape %7 : tile<32xi32> -> tile<1x32xi32>
  %8 = exti %reshape_16 signed : tile<32x1xi32> -> tile<32x1xi64>
  %bcast_18 = broadcast %8 : tile<32x1xi64> -> tile<32x32xi64>
  %9 = exti %assume_7 signed : tile<i32> -> tile<i64>
  %reshape_19 = reshape %9 : tile<i64> -> tile<1x1xi64>
  %bcast_20 = broadcast %reshape_19 : tile<1x1xi64> -> tile<32x32xi64>
  %10 = cmpi less_than %bcast_18, %bcast_20, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %11 = exti %assume_9 signed : tile<i32> -> tile<i64>
  %reshape_21 = reshape %11 : tile<i64> -> tile<1x1xi64>
  %bcast_22 = broadcast %reshape_21 : tile<1x1xi64> -> tile<32x32xi64>
  %12 = muli %bcast_18, %bcast_22 : tile<32x32xi64>
  %13 = exti %reshape_17 signed : tile<1x32xi32> -> tile<1x32xi64>
  %bcast_23 = broadcast %13 : tile<1x32xi64> -> tile<32x32xi64>
  %14 = exti %assume_8 signed : tile<i32> -> tile<i64>
  %reshape_24 = reshape %14 : tile<i64> -> tile<1x1xi64>
  %bcast_25 = broadcast %reshape_24 : tile<1x1xi64> -> tile<32x32xi64>
  %15 = cmpi less_than %bcast_23, %bcast_25, unsigned : tile<32x32xi64> -> tile<32x32xi1>
  %16 = andi %10, %15 : tile<32x32xi1>
  %17 = muli %bcast_23, %cst_1_i64 : tile<32x32xi64>
  %18 = addi %12, %17 : tile<32x32xi64>
  %reshape_26 = reshape %arg10 : tile<ptr<f32>> -> tile<1x1xptr<f32>>
  %bcast_27 = broadcast %reshape_26 : tile<1x1xptr<f32>> -> tile<32x32xptr<f32>>
  %19 = offset %bcast_27, %18 : tile<32x32xptr<f32>>, tile<32x32xi64> -> tile<32x32xptr<f32>>
  %20 = join_tokens %0, %1, %2 : token
  %result, %result_token_28 = atomic_rmw_tko acq_rel device %19, addf, %3, %16 token=%20 : tile<32x32xptr<f32>>, tile<32x32xf32>, tile<32x32xi1> -> tile<32x32xf32>, token
  return
}
