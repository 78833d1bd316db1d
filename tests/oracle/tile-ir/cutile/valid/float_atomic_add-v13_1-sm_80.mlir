entry @float_atomic_add(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<64xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_0 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_0], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
  %1 = iota : tile<64xi32>
  %2 = exti %1 signed : tile<64xi32> -> tile<64xi64>
  %3 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %3 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<64xi64>
  %4 = cmpi less_than %2, %bcast, unsigned : tile<64xi64> -> tile<64xi1>
  %5 = muli %2, %cst_1_i64 : tile<64xi64>
  %reshape_1 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_2 = broadcast %reshape_1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
  %6 = offset %bcast_2, %5 : tile<64xptr<f32>>, tile<64xi64> -> tile<64xptr<f32>>
  %result, %result_token_3 = atomic_rmw_tko relaxed device %6, addf, %tile, %4 token=%0 : tile<64xptr<f32>>, tile<64xf32>, tile<64xi1> -> tile<64xf32>, token
  return
}
