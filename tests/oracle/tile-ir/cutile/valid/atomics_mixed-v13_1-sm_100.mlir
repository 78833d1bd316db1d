entry @atomics_mixed(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<sm_100 = {}> {
  %0 = make_token : token
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_0 = constant <i64: 1> : tile<i64>
  %cst_1_i64_1 = constant <i64: 1> : tile<i64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %cst_0_i64 = constant <i64: 0> : tile<i64>
  %1 = exti %assume signed : tile<i32> -> tile<i64>
  %2 = cmpi less_than %cst_0_i64, %1, unsigned : tile<i64> -> tile<i1>
  %3 = muli %cst_0_i64, %cst_1_i64 : tile<i64>
  %4 = offset %arg0, %3 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %result, %result_token = atomic_rmw_tko acq_rel device %4, max, %arg6, %2 token=%0 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_0_i64_3 = constant <i64: 0> : tile<i64>
  %5 = exti %assume_2 signed : tile<i32> -> tile<i64>
  %6 = cmpi less_than %cst_0_i64_3, %5, unsigned : tile<i64> -> tile<i1>
  %7 = muli %cst_0_i64_3, %cst_1_i64_0 : tile<i64>
  %8 = offset %arg3, %7 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %9 = join_tokens %0, %result_token : token
  %result_4, %result_token_5 = atomic_rmw_tko acq_rel device %8, xchg, %arg6, %6 token=%9 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %10 = addi %arg6, %cst_1_i32 : tile<i32>
  %cst_1_i64_6 = constant <i64: 1> : tile<i64>
  %11 = exti %assume signed : tile<i32> -> tile<i64>
  %12 = cmpi less_than %cst_1_i64_6, %11, unsigned : tile<i64> -> tile<i1>
  %13 = muli %cst_1_i64_6, %cst_1_i64_1 : tile<i64>
  %14 = offset %arg0, %13 : tile<ptr<i32>>, tile<i64> -> tile<ptr<i32>>
  %15 = join_tokens %result_token, %result_token_5 : token
  %result_7, %result_token_8 = atomic_cas_tko acq_rel device %14, %arg6, %10, %12 token=%15 : tile<ptr<i32>>, tile<i32>, tile<i1> -> tile<i32>, token
  return
}
