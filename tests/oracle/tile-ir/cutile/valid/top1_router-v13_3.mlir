entry @top1_router(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_5 = make_tensor_view %arg5, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_7 = make_tensor_view %arg8, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x8), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x8), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x8xf32>, token
  %1 = iota : tile<8xi32>
  %reshape = reshape %1 : tile<8xi32> -> tile<1x8xi32>
  %bcast = broadcast %reshape : tile<1x8xi32> -> tile<16x8xi32>
  %reduce:2 = reduce %tile, %bcast dim=1 identities=[0xFF800000 : f32, 0 : i32] : tile<16x8xf32>, tile<16x8xi32> -> tile<16xf32>, tile<16xi32> 
  (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<i32>, %reduce_rhs1: tile<i32>) {
    %7 = cmpf greater_than ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %8 = cmpf equal ordered %reduce_lhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %9 = cmpf not_equal unordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %10 = cmpf not_equal unordered %reduce_rhs0, %reduce_rhs0 : tile<f32> -> tile<i1>
    %11 = cmpf equal ordered %reduce_lhs0, %reduce_lhs0 : tile<f32> -> tile<i1>
    %12 = andi %11, %10 : tile<i1>
    %13 = ori %7, %12 : tile<i1>
    %14 = andi %9, %10 : tile<i1>
    %15 = ori %8, %14 : tile<i1>
    %16 = cmpi less_than %reduce_lhs1, %reduce_rhs1, signed : tile<i32> -> tile<i1>
    %17 = andi %15, %16 : tile<i1>
    %18 = ori %13, %17 : tile<i1>
    %19 = select %18, %reduce_lhs0, %reduce_rhs0 : tile<i1>, tile<f32>
    %20 = select %18, %reduce_lhs1, %reduce_rhs1 : tile<i1>, tile<i32>
    yield %19, %20 : tile<f32>, tile<i32>
  }
  %reduce_8 = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<16x8xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %7 : tile<f32>
  }
  %reshape_9 = reshape %reduce_8 : tile<16xf32> -> tile<16x1xf32>
  %bcast_10 = broadcast %reshape_9 : tile<16x1xf32> -> tile<16x8xf32>
  %2 = subf %tile, %bcast_10  : tile<16x8xf32>
  %3 = exp %2  : tile<16x8xf32>
  %pview_11 = make_partition_view %tview_5 : partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>
  %4 = store_view_tko weak %reduce#1, %pview_11[%blockId_x] token = %0 : tile<16xi32>, partition_view<tile=(16), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reduce_12 = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<16x8xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %7 : tile<f32>
  }
  %reshape_13 = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast_14 = broadcast %reshape_13 : tile<1xf32> -> tile<16xf32>
  %5 = divf %bcast_14, %reduce_12  : tile<16xf32>
  %pview_15 = make_partition_view %tview_7 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
  %6 = store_view_tko weak %5, %pview_15[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
