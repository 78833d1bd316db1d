global  @print_mutex <i32: 1> : tile<1xi32> loc(#loc)
entry @print_and_assert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token loc(#loc14)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc14)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc14)
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc14)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc15)
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> loc(#loc16)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token loc(#loc16)
  %1 = join_tokens %0, %result_token : token loc(#loc16)
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc17)
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc17)
  %bcast = broadcast %reshape : tile<1xf32> -> tile<16xf32> loc(#loc17)
  %2 = cmpf greater_than_or_equal ordered %tile, %bcast : tile<16xf32> -> tile<16xi1> loc(#loc17)
  assert %2, "negative input" : tile<16xi1> loc(#loc18)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc19)
  %3 = cmpi greater_than %arg3, %cst_0_i32, signed : tile<i32> -> tile<i1> loc(#loc20)
  assert %3, "" : tile<i1> loc(#loc21)
  %4 = join_tokens %0, %1 : token loc(#loc22)
  %5 = get_global @print_mutex : tile<ptr<i32>> loc(#loc22)
  %cst_0_i32_0 = constant <i32: 0> : tile<i32> loc(#loc22)
  %cst_1_i32_1 = constant <i32: 1> : tile<i32> loc(#loc22)
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %5, %cst_1_i32_1, %cst_0_i32_0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc22)
    %16 = cmpi equal %result_12, %cst_1_i32_1, unsigned : tile<i32> -> tile<i1> loc(#loc22)
    if %16 {
      break loc(#loc22)
    } else {
    } loc(#loc22)
  } loc(#loc22)
  %6 = print_tko "block %d: n=%d\0A", %blockId_x, %arg3 : tile<i32>, tile<i32> -> token loc(#loc22)
  %7 = make_token : token loc(#loc22)
  %result, %result_token_2 = atomic_rmw_tko acq_rel device %5, xchg, %cst_1_i32_1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc22)
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc23)
    yield %16 : tile<f32> loc(#loc23)
  } loc(#loc23)
  %reduce_3 = reduce %tile dim=0 identities=[0xFF800000 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = maxf %reduce_lhs, %reduce_rhs : tile<f32> loc(#loc24)
    yield %16 : tile<f32> loc(#loc24)
  } loc(#loc24)
  %8 = join_tokens %7, %1 : token loc(#loc25)
  %9 = get_global @print_mutex : tile<ptr<i32>> loc(#loc25)
  %cst_0_i32_4 = constant <i32: 0> : tile<i32> loc(#loc25)
  %cst_1_i32_5 = constant <i32: 1> : tile<i32> loc(#loc25)
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %9, %cst_1_i32_5, %cst_0_i32_4 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc25)
    %16 = cmpi equal %result_12, %cst_1_i32_5, unsigned : tile<i32> -> tile<i1> loc(#loc25)
    if %16 {
      break loc(#loc25)
    } else {
    } loc(#loc25)
  } loc(#loc25)
  %10 = print_tko "block %d sum=%f max=%f\0A", %blockId_x, %reduce, %reduce_3 : tile<i32>, tile<f32>, tile<f32> -> token loc(#loc25)
  %11 = make_token : token loc(#loc25)
  %result_6, %result_token_7 = atomic_rmw_tko acq_rel device %9, xchg, %cst_1_i32_5 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc25)
  %12 = join_tokens %11, %1 : token loc(#loc26)
  %13 = get_global @print_mutex : tile<ptr<i32>> loc(#loc26)
  %cst_0_i32_8 = constant <i32: 0> : tile<i32> loc(#loc26)
  %cst_1_i32_9 = constant <i32: 1> : tile<i32> loc(#loc26)
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %13, %cst_1_i32_9, %cst_0_i32_8 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc26)
    %16 = cmpi equal %result_12, %cst_1_i32_9, unsigned : tile<i32> -> tile<i1> loc(#loc26)
    if %16 {
      break loc(#loc26)
    } else {
    } loc(#loc26)
  } loc(#loc26)
  %14 = print_tko "first tile: %f\0A", %tile : tile<16xf32> -> token loc(#loc26)
  %15 = make_token : token loc(#loc26)
  %result_10, %result_token_11 = atomic_rmw_tko acq_rel device %13, xchg, %cst_1_i32_9 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token loc(#loc26)
  return loc(#loc)
} loc(#loc14)
#di_file = #cuda_tile.di_file<"debug_print.py" in "kernels">
#loc = loc(unknown)
#loc1 = loc("kernels/debug_print.py":7:0)
#loc2 = loc("kernels/debug_print.py":8:10)
#loc3 = loc("kernels/debug_print.py":9:8)
#loc4 = loc("kernels/debug_print.py":10:15)
#loc5 = loc("kernels/debug_print.py":10:4)
#loc6 = loc("kernels/debug_print.py":11:19)
#loc7 = loc("kernels/debug_print.py":11:15)
#loc8 = loc("kernels/debug_print.py":11:4)
#loc9 = loc("kernels/debug_print.py":12:4)
#loc10 = loc("kernels/debug_print.py":13:8)
#loc11 = loc("kernels/debug_print.py":14:40)
#loc12 = loc("kernels/debug_print.py":14:4)
#loc13 = loc("kernels/debug_print.py":15:4)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 6, name = "print_and_assert", linkageName = "print_and_assert", compileUnit = #di_compile_unit, scopeLine = 6>
#loc14 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
