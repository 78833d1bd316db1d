entry @custom_reduce(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<ptr<f32>>, %arg11: tile<i32>, %arg12: tile<i32>) optimization_hints=<default = {}> {
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
  %tview_9 = make_tensor_view %arg10, shape = [%assume_8], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(8x128), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x128xf32>, token
  %cst_0_i32_10 = constant <i32: 0> : tile<i32>
  %pview_11 = make_partition_view %tview_7 : partition_view<tile=(8x128), tensor_view<?x?xf32, strides=[?,1]>>
  %tile_12, %result_token_13 = load_view_tko weak %pview_11[%blockId_x, %cst_0_i32_10] token = %0 : partition_view<tile=(8x128), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x128xf32>, token
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
  %reduce = reduce %tile dim=1 identities=[-3.000000e+38 : f32] : tile<8x128xf32> -> tile<8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %4 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
    %5 = addf %4, %cst_0_f32  : tile<f32>
    yield %5 : tile<f32>
  }
  %reduce_14:2 = reduce %tile, %tile_12 dim=1 identities=[0.000000e+00 : f32, 1.000000e+00 : f32] : tile<8x128xf32>, tile<8x128xf32> -> tile<8xf32>, tile<8xf32> 
  (%reduce_lhs0: tile<f32>, %reduce_rhs0: tile<f32>, %reduce_lhs1: tile<f32>, %reduce_rhs1: tile<f32>) {
    %4 = addf %reduce_lhs0, %reduce_rhs0  : tile<f32>
    %5 = mulf %reduce_lhs1, %reduce_rhs1  : tile<f32>
    yield %4, %5 : tile<f32>, tile<f32>
  }
  %1 = addf %reduce, %reduce_14#0  : tile<8xf32>
  %2 = addf %1, %reduce_14#1  : tile<8xf32>
  %pview_15 = make_partition_view %tview_9 : partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>
  %3 = store_view_tko weak %2, %pview_15[%blockId_x] token = %0 : tile<8xf32>, partition_view<tile=(8), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
