entry @conv1d_3tap(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<f32>, %arg7: tile<f32>, %arg8: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<256xi32>
  %cst_1_i64 = constant <i64: 1> : tile<256xi64>
  %cst_1_i64_1 = constant <i64: 1> : tile<256xi64>
  %cst_1_i32_2 = constant <i32: 1> : tile<256xi32>
  %cst_1_i64_3 = constant <i64: 1> : tile<256xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_256_i32 = constant <i32: 256> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = muli %blockId_x, %cst_256_i32 : tile<i32>
  %2 = iota : tile<256xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<256xi32>
  %3 = addi %bcast, %2 : tile<256xi32>
  %4 = subi %3, %cst_1_i32_0 : tile<256xi32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %5 = exti %4 signed : tile<256xi32> -> tile<256xi64>
  %6 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_5 = reshape %6 : tile<i64> -> tile<1xi64>
  %bcast_6 = broadcast %reshape_5 : tile<1xi64> -> tile<256xi64>
  %7 = cmpi less_than %5, %bcast_6, unsigned : tile<256xi64> -> tile<256xi1>
  %8 = muli %5, %cst_1_i64 : tile<256xi64>
  %reshape_7 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_8 = broadcast %reshape_7 : tile<1xptr<f32>> -> tile<256xptr<f32>>
  %9 = offset %bcast_8, %8 : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
  %reshape_9 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast_10 = broadcast %reshape_9 : tile<1xf32> -> tile<256xf32>
  %result, %result_token = load_ptr_tko weak %9, %7, %bcast_10 token=%0 : tile<256xptr<f32>>, tile<256xi1>, tile<256xf32> -> tile<256xf32>, token
  %10 = exti %3 signed : tile<256xi32> -> tile<256xi64>
  %11 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_11 = reshape %11 : tile<i64> -> tile<1xi64>
  %bcast_12 = broadcast %reshape_11 : tile<1xi64> -> tile<256xi64>
  %12 = cmpi less_than %10, %bcast_12, unsigned : tile<256xi64> -> tile<256xi1>
  %13 = muli %10, %cst_1_i64_1 : tile<256xi64>
  %reshape_13 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_14 = broadcast %reshape_13 : tile<1xptr<f32>> -> tile<256xptr<f32>>
  %14 = offset %bcast_14, %13 : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
  %cst_0_f32_15 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_16 = reshape %cst_0_f32_15 : tile<f32> -> tile<1xf32>
  %bcast_17 = broadcast %reshape_16 : tile<1xf32> -> tile<256xf32>
  %result_18, %result_token_19 = load_ptr_tko weak %14, %12, %bcast_17 token=%0 : tile<256xptr<f32>>, tile<256xi1>, tile<256xf32> -> tile<256xf32>, token
  %15 = addi %3, %cst_1_i32_2 : tile<256xi32>
  %cst_0_f32_20 = constant <f32: 0.000000e+00> : tile<f32>
  %16 = exti %15 signed : tile<256xi32> -> tile<256xi64>
  %17 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_21 = reshape %17 : tile<i64> -> tile<1xi64>
  %bcast_22 = broadcast %reshape_21 : tile<1xi64> -> tile<256xi64>
  %18 = cmpi less_than %16, %bcast_22, unsigned : tile<256xi64> -> tile<256xi1>
  %19 = muli %16, %cst_1_i64_3 : tile<256xi64>
  %reshape_23 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_24 = broadcast %reshape_23 : tile<1xptr<f32>> -> tile<256xptr<f32>>
  %20 = offset %bcast_24, %19 : tile<256xptr<f32>>, tile<256xi64> -> tile<256xptr<f32>>
  %reshape_25 = reshape %cst_0_f32_20 : tile<f32> -> tile<1xf32>
  %bcast_26 = broadcast %reshape_25 : tile<1xf32> -> tile<256xf32>
  %result_27, %result_token_28 = load_ptr_tko weak %20, %18, %bcast_26 token=%0 : tile<256xptr<f32>>, tile<256xi1>, tile<256xf32> -> tile<256xf32>, token
  %reshape_29 = reshape %arg6 : tile<f32> -> tile<1xf32>
  %bcast_30 = broadcast %reshape_29 : tile<1xf32> -> tile<256xf32>
  %reshape_31 = reshape %arg7 : tile<f32> -> tile<1xf32>
  %bcast_32 = broadcast %reshape_31 : tile<1xf32> -> tile<256xf32>
  %21 = mulf %bcast_32, %result_18  : tile<256xf32>
  %22 = fma %bcast_30, %result, %21  : tile<256xf32>
  %reshape_33 = reshape %arg8 : tile<f32> -> tile<1xf32>
  %bcast_34 = broadcast %reshape_33 : tile<1xf32> -> tile<256xf32>
  %23 = fma %bcast_34, %result_27, %22  : tile<256xf32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %24 = store_view_tko weak %23, %pview[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
