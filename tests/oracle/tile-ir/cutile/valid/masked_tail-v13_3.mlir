entry @masked_tail(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %cst_1_i64_0 = constant <i64: 1> : tile<128xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %cst_128_i32 = constant <i32: 128> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = muli %blockId_x, %cst_128_i32 : tile<i32>
  %2 = iota : tile<128xi32>
  %reshape = reshape %1 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<128xi32>
  %3 = addi %bcast, %2 : tile<128xi32>
  %reshape_2 = reshape %arg6 : tile<i32> -> tile<1xi32>
  %bcast_3 = broadcast %reshape_2 : tile<1xi32> -> tile<128xi32>
  %4 = cmpi less_than %3, %bcast_3, signed : tile<128xi32> -> tile<128xi1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %5 = exti %3 signed : tile<128xi32> -> tile<128xi64>
  %6 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape_4 = reshape %6 : tile<i64> -> tile<1xi64>
  %bcast_5 = broadcast %reshape_4 : tile<1xi64> -> tile<128xi64>
  %7 = cmpi less_than %5, %bcast_5, unsigned : tile<128xi64> -> tile<128xi1>
  %8 = muli %5, %cst_1_i64 : tile<128xi64>
  %reshape_6 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_7 = broadcast %reshape_6 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %9 = offset %bcast_7, %8 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %10 = andi %7, %4 : tile<128xi1>
  %reshape_8 = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast_9 = broadcast %reshape_8 : tile<1xf32> -> tile<128xf32>
  %result, %result_token = load_ptr_tko weak %9, %10, %bcast_9 token=%0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
  %11 = mulf %result, %result  : tile<128xf32>
  %reshape_10 = reshape %arg6 : tile<i32> -> tile<1xi32>
  %bcast_11 = broadcast %reshape_10 : tile<1xi32> -> tile<128xi32>
  %12 = cmpi less_than %3, %bcast_11, signed : tile<128xi32> -> tile<128xi1>
  %13 = exti %3 signed : tile<128xi32> -> tile<128xi64>
  %14 = exti %assume_1 signed : tile<i32> -> tile<i64>
  %reshape_12 = reshape %14 : tile<i64> -> tile<1xi64>
  %bcast_13 = broadcast %reshape_12 : tile<1xi64> -> tile<128xi64>
  %15 = cmpi less_than %13, %bcast_13, unsigned : tile<128xi64> -> tile<128xi1>
  %16 = muli %13, %cst_1_i64_0 : tile<128xi64>
  %reshape_14 = reshape %arg3 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_15 = broadcast %reshape_14 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %17 = offset %bcast_15, %16 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %18 = andi %15, %12 : tile<128xi1>
  %19 = store_ptr_tko weak %17, %11, %18 token=%0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> token
  return
}
