entry @col_reduce_int(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<i32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_5 = make_tensor_view %arg5, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_7 = make_tensor_view %arg8, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(32x32), tensor_view<?x?xi32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %blockId_x] token = %0 : partition_view<tile=(32x32), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> tile<32x32xi32>, token
  %reduce = reduce %tile dim=0 identities=[0 : i32] : tile<32x32xi32> -> tile<32xi32> 
  (%reduce_lhs: tile<i32>, %reduce_rhs: tile<i32>) {
    %4 = addi %reduce_lhs, %reduce_rhs : tile<i32>
    yield %4 : tile<i32>
  }
  %pview_8 = make_partition_view %tview_5 : partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>
  %1 = store_view_tko weak %reduce, %pview_8[%blockId_x] token = %0 : tile<32xi32>, partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %2 = iota : tile<32xi32>
  %reshape = reshape %2 : tile<32xi32> -> tile<32x1xi32>
  %bcast = broadcast %reshape : tile<32x1xi32> -> tile<32x32xi32>
  %reduce_9:2 = reduce %tile, %bcast dim=0 identities=[-2147483648 : i32, 0 : i32] : tile<32x32xi32>, tile<32x32xi32> -> tile<32xi32>, tile<32xi32> 
  (%reduce_lhs0: tile<i32>, %reduce_rhs0: tile<i32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %4 = cmpi greater_than %reduce_lhs0, %reduce_rhs0, signed : tile<i32> -> tile<i1>
    %5 = cmpi equal %reduce_lhs0, %reduce_rhs0, signed : tile<i32> -> tile<i1>
    %6 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1>
    %7 = andi %5, %6 : tile<i1>
    %8 = ori %4, %7 : tile<i1>
    %9 = select %8, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<i32>
    %10 = select %8, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32>
    yield %9, %10 : tile<i32>, tile<i32>
  }
  %pview_10 = make_partition_view %tview_7 : partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>
  %3 = store_view_tko weak %reduce_9#1, %pview_10[%blockId_x] token = %0 : tile<32xi32>, partition_view<tile=(32), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
