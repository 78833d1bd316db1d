entry @print_and_assert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>) optimization_hints=<default = {}> {
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
  %5 = print_tko "block %d: n=%d\0A", %blockId_x, %arg3 token=%4 : tile<i32>, tile<i32> -> token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %10 : tile<f32>
  }
  %reduce_0 = reduce %tile dim=0 identities=[0xFF800000 : f32] : tile<16xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %10 : tile<f32>
  }
  %6 = join_tokens %5, %1 : token
  %7 = print_tko "block %d sum=%f max=%f\0A", %blockId_x, %reduce, %reduce_0 token=%6 : tile<i32>, tile<f32>, tile<f32> -> token
  %8 = join_tokens %7, %1 : token
  %9 = print_tko "first tile: %f\0A", %tile token=%8 : tile<16xf32> -> token
  return
}
