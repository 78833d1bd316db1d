global  @print_mutex <i32: 1> : tile<1xi32>
entry @print_and_assert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
  %1 = join_tokens %0, %result_token : token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<16xf32>
  %2 = cmpf greater_than_or_equal ordered %tile, %bcast : tile<16xf32> -> tile<16xi1>
  assert %2, "negative input" : tile<16xi1>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %3 = cmpi greater_than %arg3, %cst_0_i32, signed : tile<i32> -> tile<i1>
  assert %3, "" : tile<i1>
  %4 = join_tokens %0, %1 : token
  %5 = get_global @print_mutex : tile<ptr<i32>>
  %cst_0_i32_0 = constant <i32: 0> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %5, %cst_1_i32_1, %cst_0_i32_0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %16 = cmpi equal %result_12, %cst_1_i32_1, unsigned : tile<i32> -> tile<i1>
    if %16 {
      break
    } else {
    }
  }
  %6 = print_tko "block %d: n=%d\0A", %blockId_x, %arg3 : tile<i32>, tile<i32> -> token
  %7 = make_token : token
  %result, %result_token_2 = atomic_rmw_tko acq_rel device %5, xchg, %cst_1_i32_1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %16 : tile<f32>
  }
  %reduce_3 = reduce %tile dim=0 identities=[0xFF800000 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %16 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %16 : tile<f32>
  }
  %8 = join_tokens %7, %1 : token
  %9 = get_global @print_mutex : tile<ptr<i32>>
  %cst_0_i32_4 = constant <i32: 0> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %9, %cst_1_i32_5, %cst_0_i32_4 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %16 = cmpi equal %result_12, %cst_1_i32_5, unsigned : tile<i32> -> tile<i1>
    if %16 {
      break
    } else {
    }
  }
  %10 = print_tko "block %d sum=%f max=%f\0A", %blockId_x, %reduce, %reduce_3 : tile<i32>, tile<f32>, tile<f32> -> token
  %11 = make_token : token
  %result_6, %result_token_7 = atomic_rmw_tko acq_rel device %9, xchg, %cst_1_i32_5 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  %12 = join_tokens %11, %1 : token
  %13 = get_global @print_mutex : tile<ptr<i32>>
  %cst_0_i32_8 = constant <i32: 0> : tile<i32>
  %cst_1_i32_9 = constant <i32: 1> : tile<i32>
  loop {
    %result_12, %result_token_13 = atomic_cas_tko acq_rel device %13, %cst_1_i32_9, %cst_0_i32_8 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %16 = cmpi equal %result_12, %cst_1_i32_9, unsigned : tile<i32> -> tile<i1>
    if %16 {
      break
    } else {
    }
  }
  %14 = print_tko "first tile: %f\0A", %tile : tile<16xf32> -> token
  %15 = make_token : token
  %result_10, %result_token_11 = atomic_rmw_tko acq_rel device %13, xchg, %cst_1_i32_9 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
  return
}
