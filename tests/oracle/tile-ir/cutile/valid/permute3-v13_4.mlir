entry @permute3(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f32>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>) optimization_hints=<default = {}> {
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
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %assume_9 = assume bounded<0, ?>, %arg12 : tile<i32>
  %tview_10 = make_tensor_view %arg7, shape = [%assume_5, %assume_6, %assume_7], strides = [%assume_8, %assume_9, 1] : tile<i32> -> tensor_view<?x?x?xf32, strides=[?,?,1]>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_0_i32_11 = constant <i32: 0> : tile<i32>
  %cst_0_i32_12 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(2x4x8), tensor_view<?x?x?xf32, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32, %cst_0_i32_11, %cst_0_i32_12] token = %0 : partition_view<tile=(2x4x8), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> tile<2x4x8xf32>, token
  %cst_0_i32_13 = constant <i32: 0> : tile<i32>
  %cst_0_i32_14 = constant <i32: 0> : tile<i32>
  %cst_0_i32_15 = constant <i32: 0> : tile<i32>
  %1 = permute %tile [2, 0, 1] : tile<2x4x8xf32> -> tile<8x2x4xf32>
  %pview_16 = make_partition_view %tview_10 : partition_view<tile=(8x2x4), tensor_view<?x?x?xf32, strides=[?,?,1]>>
  %2 = store_view_tko weak %1, %pview_16[%cst_0_i32_13, %cst_0_i32_14, %cst_0_i32_15] token = %0 : tile<8x2x4xf32>, partition_view<tile=(8x2x4), tensor_view<?x?x?xf32, strides=[?,?,1]>>, tile<i32> -> token
  return
}
