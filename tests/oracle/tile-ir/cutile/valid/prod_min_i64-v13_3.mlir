entry @prod_min_i64(%arg0: tile<ptr<i64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i64>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xi64, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_4 = make_tensor_view %arg5, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(4x32), tensor_view<?x?xi64, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(4x32), tensor_view<?x?xi64, strides=[?,1]>>, tile<i32> -> tile<4x32xi64>, token
  %reduce = reduce %tile dim=1 identities=[1] : tile<4x32xi64> -> tile<4xi64> 
  (%reduce_lhs: tile<i64>, %reduce_rhs: tile<i64>) {
    %3 = muli %reduce_lhs, %reduce_rhs : tile<i64>
    yield %3 : tile<i64>
  }
  %reduce_5 = reduce %tile dim=1 identities=[9223372036854775807] : tile<4x32xi64> -> tile<4xi64> 
  (%reduce_lhs: tile<i64>, %reduce_rhs: tile<i64>) {
    %3 = mini %reduce_lhs, %reduce_rhs signed : tile<i64>
    yield %3 : tile<i64>
  }
  %1 = addi %reduce, %reduce_5 : tile<4xi64>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(4), tensor_view<?xi64, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_6[%blockId_x] token = %0 : tile<4xi64>, partition_view<tile=(4), tensor_view<?xi64, strides=[1]>>, tile<i32> -> token
  return
}
