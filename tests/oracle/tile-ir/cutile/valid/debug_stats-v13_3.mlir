entry @debug_stats(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
  %1 = join_tokens %0, %result_token : token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00 : f32] : tile<64xf32> -> tile<f32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %5 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %5 : tile<f32>
  }
  %2 = join_tokens %0, %1 : token
  %3 = print_tko "block %d sum %f\0A", %blockId_x, %reduce token=%2 : tile<i32>, tile<f32> -> token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %4 = cmpf greater_than_or_equal ordered %reduce, %cst_0_f32 : tile<f32> -> tile<i1>
  assert %4, "negative sum" : tile<i1>
  return
}
