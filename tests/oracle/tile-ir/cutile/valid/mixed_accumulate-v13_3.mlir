entry @mixed_accumulate(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_4 = make_tensor_view %arg5, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f64 = constant <f64: 0.000000e+00> : tile<64xf64>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_5 = constant <i32: 1> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64), tensor_view<?x?xf16, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %arg8, step %cst_1_i32_5) : tile<i32> iter_values(%iterArg0 = %cst_0_f64) -> (tile<64xf64>) {
    %tile, %result_token = load_view_tko weak %pview[%loopIdx, %blockId_x] token = %0 : partition_view<tile=(1x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<1x64xf16>, token
    %reshape = reshape %tile : tile<1x64xf16> -> tile<64xf16>
    %3 = ftof %reshape  : tile<64xf16> -> tile<64xf64>
    %4 = addf %iterArg0, %3  : tile<64xf64>
    continue %4 : tile<64xf64>
  }
  %1 = ftof %for  : tile<64xf64> -> tile<64xf32>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_6[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
