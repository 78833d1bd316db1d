entry @gather_2d(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %cst_1_i64_0 = constant <i64: 1> : tile<64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview = make_tensor_view %arg5, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg9 : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32] token = %0 : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
  %1 = exti %tile signed : tile<64xi32> -> tile<64xi64>
  %2 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %2 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<64xi64>
  %3 = cmpi less_than %1, %bcast, unsigned : tile<64xi64> -> tile<64xi1>
  %4 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %reshape_5 = reshape %4 : tile<i64> -> tile<1xi64>
  %bcast_6 = broadcast %reshape_5 : tile<1xi64> -> tile<64xi64>
  %5 = muli %1, %bcast_6 : tile<64xi64>
  %6 = exti %tile signed : tile<64xi32> -> tile<64xi64>
  %7 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape_7 = reshape %7 : tile<i64> -> tile<1xi64>
  %bcast_8 = broadcast %reshape_7 : tile<1xi64> -> tile<64xi64>
  %8 = cmpi less_than %6, %bcast_8, unsigned : tile<64xi64> -> tile<64xi1>
  %9 = andi %3, %8 : tile<64xi1>
  %10 = muli %6, %cst_1_i64 : tile<64xi64>
  %11 = addi %5, %10 : tile<64xi64>
  %reshape_9 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_10 = broadcast %reshape_9 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %12 = offset %bcast_10, %11 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_11 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast_12 = broadcast %reshape_11 : tile<1xf32> -> tile<64xf32>
  %result, %result_token_13 = load_ptr_tko weak %12, %9, %bcast_12 token=%0 : tile<64xptr<f32>>, tile<64xi1>, tile<64xf32> -> tile<64xf32>, token
  %13 = exti %tile signed : tile<64xi32> -> tile<64xi64>
  %14 = exti %assume_4 signed : tile<i32> -> tile<i64>
  %reshape_14 = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast_15 = broadcast %reshape_14 : tile<1xi64> -> tile<64xi64>
  %15 = cmpi less_than %13, %bcast_15, unsigned : tile<64xi64> -> tile<64xi1>
  %16 = muli %13, %cst_1_i64_0 : tile<64xi64>
  %reshape_16 = reshape %arg8 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_17 = broadcast %reshape_16 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %17 = offset %bcast_17, %16 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
  %18 = store_ptr_tko weak %17, %result, %15 token=%0 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> token
  return
}
