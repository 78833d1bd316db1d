entry @fused_residual_ln(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_7 = make_tensor_view %arg5, shape = [%assume_4, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_10 = assume bounded<0, ?>, %arg13 : tile<i32>
  %tview_11 = make_tensor_view %arg10, shape = [%assume_8, %assume_9], strides = [%assume_10, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x128xf32>, token
  %cst_0_i32_12 = constant <i32: 0> : tile<i32>
  %pview_13 = make_partition_view %tview_7 : partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_14, %result_token_15 = load_view_tko weak %pview_13[%blockId_x, %cst_0_i32_12] token = %0 : partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x128xf32>, token
  %1 = addf %tile, %tile_14  : tile<4x128xf32>
  %reduce = reduce %1 dim=1 identities=[0.000000e+00 : f32] : tile<4x128xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %10 : tile<f32>
  }
  %reshape = reshape %reduce : tile<4xf32> -> tile<4x1xf32>
  %cst_128_f32 = constant <f32: 1.280000e+02> : tile<f32>
  %reshape_16 = reshape %cst_128_f32 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_16 : tile<1x1xf32> -> tile<4x1xf32>
  %2 = divf %reshape, %bcast  : tile<4x1xf32>
  %bcast_17 = broadcast %2 : tile<4x1xf32> -> tile<4x128xf32>
  %3 = subf %1, %bcast_17  : tile<4x128xf32>
  %4 = mulf %3, %3  : tile<4x128xf32>
  %reduce_18 = reduce %4 dim=1 identities=[0.000000e+00 : f32] : tile<4x128xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %10 : tile<f32>
  }
  %reshape_19 = reshape %reduce_18 : tile<4xf32> -> tile<4x1xf32>
  %cst_128_f32_20 = constant <f32: 1.280000e+02> : tile<f32>
  %reshape_21 = reshape %cst_128_f32_20 : tile<f32> -> tile<1x1xf32>
  %bcast_22 = broadcast %reshape_21 : tile<1x1xf32> -> tile<4x1xf32>
  %5 = divf %reshape_19, %bcast_22  : tile<4x1xf32>
  %cst_0_i32_23 = constant <i32: 0> : tile<i32>
  %reshape_24 = reshape %arg15 : tile<f32> -> tile<1x1xf32>
  %bcast_25 = broadcast %reshape_24 : tile<1x1xf32> -> tile<4x1xf32>
  %6 = addf %5, %bcast_25  : tile<4x1xf32>
  %7 = rsqrt %6 : tile<4x1xf32>
  %bcast_26 = broadcast %7 : tile<4x1xf32> -> tile<4x128xf32>
  %8 = mulf %3, %bcast_26  : tile<4x128xf32>
  %pview_27 = make_partition_view %tview_11 : partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>
  %9 = store_view_tko weak %8, %pview_27[%blockId_x, %cst_0_i32_23] token = %0 : tile<4x128xf32>, partition_view<tile=(4x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
