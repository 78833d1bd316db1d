entry @gather_2d_masked(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<16x1xi32>
  %cst_1_i64 = constant <i64: 1> : tile<16x64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview = make_tensor_view %arg5, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_7 = make_tensor_view %arg8, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
  %1 = iota : tile<64xi32>
  %reshape = reshape %tile : tile<16xi32> -> tile<16x1xi32>
  %2 = cmpi greater_than_or_equal %reshape, %cst_0_i32, signed : tile<16x1xi32> -> tile<16x1xi1>
  %reshape_8 = reshape %tile : tile<16xi32> -> tile<16x1xi32>
  %reshape_9 = reshape %1 : tile<64xi32> -> tile<1x64xi32>
  %3 = exti %reshape_8 signed : tile<16x1xi32> -> tile<16x1xi64>
  %bcast = broadcast %3 : tile<16x1xi64> -> tile<16x64xi64>
  %4 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_10 = reshape %4 : tile<i64> -> tile<1x1xi64>
  %bcast_11 = broadcast %reshape_10 : tile<1x1xi64> -> tile<16x64xi64>
  %5 = cmpi less_than %bcast, %bcast_11, unsigned : tile<16x64xi64> -> tile<16x64xi1>
  %6 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %reshape_12 = reshape %6 : tile<i64> -> tile<1x1xi64>
  %bcast_13 = broadcast %reshape_12 : tile<1x1xi64> -> tile<16x64xi64>
  %7 = muli %bcast, %bcast_13 : tile<16x64xi64>
  %8 = exti %reshape_9 signed : tile<1x64xi32> -> tile<1x64xi64>
  %bcast_14 = broadcast %8 : tile<1x64xi64> -> tile<16x64xi64>
  %9 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape_15 = reshape %9 : tile<i64> -> tile<1x1xi64>
  %bcast_16 = broadcast %reshape_15 : tile<1x1xi64> -> tile<16x64xi64>
  %10 = cmpi less_than %bcast_14, %bcast_16, unsigned : tile<16x64xi64> -> tile<16x64xi1>
  %11 = andi %5, %10 : tile<16x64xi1>
  %12 = muli %bcast_14, %cst_1_i64 : tile<16x64xi64>
  %13 = addi %7, %12 : tile<16x64xi64>
  %reshape_17 = reshape %arg0 : tile<ptr<f16>> -> tile<1x1xptr<f16>>
  %bcast_18 = broadcast %reshape_17 : tile<1x1xptr<f16>> -> tile<16x64xptr<f16>>
  %14 = offset %bcast_18, %13 : tile<16x64xptr<f16>>, tile<16x64xi64> -> tile<16x64xptr<f16>>
  %bcast_19 = broadcast %2 : tile<16x1xi1> -> tile<16x64xi1>
  %15 = andi %11, %bcast_19 : tile<16x64xi1>
  %cst_0_f16 = constant <f16: 0.000000e+00> : tile<f16>
  %reshape_20 = reshape %cst_0_f16 : tile<f16> -> tile<1x1xf16>
  %bcast_21 = broadcast %reshape_20 : tile<1x1xf16> -> tile<16x64xf16>
  %result, %result_token_22 = load_ptr_tko weak %14, %15, %bcast_21 token=%0 : tile<16x64xptr<f16>>, tile<16x64xi1>, tile<16x64xf16> -> tile<16x64xf16>, token
  %cst_0_i32_23 = constant <i32: 0> : tile<i32>
  %pview_24 = make_partition_view %tview_7 : partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>
  %16 = store_view_tko weak %result, %pview_24[%blockId_x, %cst_0_i32_23] token = %0 : tile<16x64xf16>, partition_view<tile=(16x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  return
}
