entry @cumprod_rows(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32>
  %tview_6 = make_tensor_view %arg5, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(8x32), tensor_view<?x?xf32, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x32xf32>, token
  %cst_0_i32_7 = constant <i32: 0> : tile<i32>
  %1 = scan %tile dim=1 reverse=false identities=[1.000000e+00 : f32] : tile<8x32xf32> -> tile<8x32xf32> 
  (%arg10: tile<f32>, %arg11: tile<f32>) {
    %3 = mulf %arg10, %arg11  : tile<f32>
    yield %3 : tile<f32>
  }
  %pview_8 = make_partition_view %tview_6 : partition_view<tile=(8x32), tensor_view<?x?xf32, strides=[?,1]>>
  %2 = store_view_tko weak %1, %pview_8[%blockId_x, %cst_0_i32_7] token = %0 : tile<8x32xf32>, partition_view<tile=(8x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  return
}
