entry @softmax_online(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>) optimization_hints=<default = {}> {
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
  %cst_256_i32 = constant <i32: 256> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = divi %arg10, %cst_256_i32 signed rounding<positive_inf> : tile<i32>
  %cst_f32 = constant <f32: 0xFF800000> : tile<8x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<8x1xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_7 = constant <i32: 1> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(8x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>
  %cst_f32_8 = constant <f32: 1.44269502> : tile<f32>
  %reshape = reshape %cst_f32_8 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape : tile<1x1xf32> -> tile<8x1xf32>
  %cst_f32_9 = constant <f32: 1.44269502> : tile<f32>
  %reshape_10 = reshape %cst_f32_9 : tile<f32> -> tile<1x1xf32>
  %bcast_11 = broadcast %reshape_10 : tile<1x1xf32> -> tile<8x256xf32>
  %for:2 = for %loopIdx in (%cst_0_i32 to %1, step %cst_1_i32_7) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %cst_f32) -> (tile<8x1xf32>, tile<8x1xf32>) {
    %tile, %result_token = load_view_tko weak %pview[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(8x256), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x256xf32>, token
    %reduce = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<8x256xf32> -> tile<8xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %10 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %10 : tile<f32>
    }
    %reshape_18 = reshape %reduce : tile<8xf32> -> tile<8x1xf32>
    %2 = maxf %iterArg1, %reshape_18 : tile<8x1xf32>
    %3 = subf %iterArg1, %2  : tile<8x1xf32>
    %4 = mulf %3, %bcast  : tile<8x1xf32>
    %5 = exp2 %4 flush_to_zero : tile<8x1xf32>
    %bcast_19 = broadcast %2 : tile<8x1xf32> -> tile<8x256xf32>
    %6 = subf %tile, %bcast_19  : tile<8x256xf32>
    %7 = mulf %6, %bcast_11  : tile<8x256xf32>
    %8 = exp2 %7 : tile<8x256xf32>
    %reduce_20 = reduce %8 dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %10 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %10 : tile<f32>
    }
    %reshape_21 = reshape %reduce_20 : tile<8xf32> -> tile<8x1xf32>
    %9 = fma %iterArg0, %5, %reshape_21  : tile<8x1xf32>
    continue %9, %2 : tile<8x1xf32>, tile<8x1xf32>
  }
  %cst_0_i32_12 = constant <i32: 0> : tile<i32>
  %cst_1_i32_13 = constant <i32: 1> : tile<i32>
  %pview_14 = make_partition_view %tview : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,1]>>
  %bcast_15 = broadcast %for#1 : tile<8x1xf32> -> tile<8x256xf32>
  %bcast_16 = broadcast %for#0 : tile<8x1xf32> -> tile<8x256xf32>
  %pview_17 = make_partition_view %tview_6 : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32_12 to %1, step %cst_1_i32_13) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_14[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<8x256xf32>, token
    %2 = subf %tile, %bcast_15  : tile<8x256xf32>
    %3 = exp %2  : tile<8x256xf32>
    %4 = divf %3, %bcast_16  : tile<8x256xf32>
    %5 = store_view_tko weak %4, %pview_17[%blockId_x, %loopIdx] token = %0 : tile<8x256xf32>, partition_view<tile=(8x256), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
