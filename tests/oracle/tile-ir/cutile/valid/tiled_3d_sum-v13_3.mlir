entry @tiled_3d_sum(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f32>>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg5 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1, %assume_2], strides = [%assume_3, %assume_4, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_6 = make_tensor_view %arg7, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_i32_7 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(4x8x16), padding_value = zero, tensor_view<?x?x?xf32, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32, %cst_0_i32_7] token = %0 : partition_view<tile=(4x8x16), padding_value = zero, tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> tile<4x8x16xf32>, token
  %reduce = reduce %tile dim=2 identities=[0.000000e+00 : f32] : tile<4x8x16xf32> -> tile<4x8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %2 : tile<f32>
  }
  %reduce_8 = reduce %reduce dim=1 identities=[0.000000e+00 : f32] : tile<4x8xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %2 : tile<f32>
  }
  %pview_9 = make_partition_view %tview_6 : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
  %1 = store_view_tko weak %reduce_8, %pview_9[%blockId_x] token = %0 : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
