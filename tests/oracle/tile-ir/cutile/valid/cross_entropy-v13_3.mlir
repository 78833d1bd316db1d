entry @cross_entropy(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<i32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
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
  %pview = make_partition_view %tview : partition_view<tile=(4x512), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(4x512), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x512xf32>, token
  %pview_8 = make_partition_view %tview_5 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
  %tile_9, %result_token_10 = load_view_tko weak %pview_8[%blockId_x] token = %0 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
  %reduce = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<4x512xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    yield %10 : tile<f32>
  }
  %reshape = reshape %reduce : tile<4xf32> -> tile<4x1xf32>
  %bcast = broadcast %reshape : tile<4x1xf32> -> tile<4x512xf32>
  %1 = subf %tile, %bcast  : tile<4x512xf32>
  %2 = exp %1  : tile<4x512xf32>
  %reduce_11 = reduce %2 dim=1 identities=[0.000000e+00 : f32] : tile<4x512xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %10 : tile<f32>
  }
  %3 = log %reduce_11 : tile<4xf32>
  %reshape_12 = reshape %reshape : tile<4x1xf32> -> tile<4xf32>
  %4 = addf %3, %reshape_12  : tile<4xf32>
  %5 = iota : tile<512xi32>
  %reshape_13 = reshape %5 : tile<512xi32> -> tile<1x512xi32>
  %reshape_14 = reshape %tile_9 : tile<4xi32> -> tile<4x1xi32>
  %bcast_15 = broadcast %reshape_13 : tile<1x512xi32> -> tile<4x512xi32>
  %bcast_16 = broadcast %reshape_14 : tile<4x1xi32> -> tile<4x512xi32>
  %6 = cmpi equal %bcast_15, %bcast_16, signed : tile<4x512xi32> -> tile<4x512xi1>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_17 = reshape %cst_0_f32 : tile<f32> -> tile<1x1xf32>
  %bcast_18 = broadcast %reshape_17 : tile<1x1xf32> -> tile<4x512xf32>
  %7 = select %6, %tile, %bcast_18 : tile<4x512xi1>, tile<4x512xf32>
  %reduce_19 = reduce %7 dim=1 identities=[0.000000e+00 : f32] : tile<4x512xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %10 : tile<f32>
  }
  %8 = subf %4, %reduce_19  : tile<4xf32>
  %pview_20 = make_partition_view %tview_7 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %9 = store_view_tko weak %8, %pview_20[%blockId_x] token = %0 : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
