entry @layernorm_fwd(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<bf16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<bf16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<ptr<bf16>>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<i32>, %arg15: tile<i32>, %arg16: tile<ptr<f32>>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<ptr<f32>>, %arg20: tile<i32>, %arg21: tile<i32>, %arg22: tile<i32>, %arg23: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<i32>
  %cst_1_i32_4 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_5 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_6 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_5], strides = [%assume_6, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_7 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_8 = make_tensor_view %arg5, shape = [%assume_7], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %assume_9 = assume bounded<0, ?>, %arg9 : tile<i32>
  %tview_10 = make_tensor_view %arg8, shape = [%assume_9], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %assume_11 = assume bounded<0, ?>, %arg12 : tile<i32>
  %assume_12 = assume bounded<0, ?>, %arg13 : tile<i32>
  %assume_13 = assume bounded<0, ?>, %arg14 : tile<i32>
  %tview_14 = make_tensor_view %arg11, shape = [%assume_11, %assume_12], strides = [%assume_13, 1] : tile<i32> -> tensor_view<?x?xbf16, strides=[?,1]>
  %assume_15 = assume bounded<0, ?>, %arg17 : tile<i32>
  %tview_16 = make_tensor_view %arg16, shape = [%assume_15], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_17 = assume bounded<0, ?>, %arg20 : tile<i32>
  %tview_18 = make_tensor_view %arg19, shape = [%assume_17], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_512_i32 = constant <i32: 512> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = divi %arg22, %cst_512_i32 signed rounding<positive_inf> : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<1x512xf32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32_19 = constant <i32: 1> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %1, step %cst_1_i32_19) : tile<i32> iter_values(%iterArg0 = %cst_0_f32) -> (tile<1x512xf32>) {
    %tile, %result_token = load_view_tko weak %pview[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<1x512xbf16>, token
    %11 = ftof %tile  : tile<1x512xbf16> -> tile<1x512xf32>
    %12 = addf %iterArg0, %11  : tile<1x512xf32>
    continue %12 : tile<1x512xf32>
  }
  %reduce = reduce %for dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %11 : tile<f32>
  }
  %2 = itof %arg22 signed  : tile<i32> -> tile<f32>
  %reshape = reshape %2 : tile<f32> -> tile<1xf32>
  %3 = divf %reduce, %reshape  : tile<1xf32>
  %cst_0_f32_20 = constant <f32: 0.000000e+00> : tile<1x512xf32>
  %cst_0_i32_21 = constant <i32: 0> : tile<i32>
  %cst_1_i32_22 = constant <i32: 1> : tile<i32>
  %pview_23 = make_partition_view %tview : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>
  %4 = iota : tile<512xi32>
  %reshape_24 = reshape %arg22 : tile<i32> -> tile<1x1xi32>
  %bcast = broadcast %reshape_24 : tile<1x1xi32> -> tile<1x512xi32>
  %reshape_25 = reshape %3 : tile<1xf32> -> tile<1x1xf32>
  %bcast_26 = broadcast %reshape_25 : tile<1x1xf32> -> tile<1x512xf32>
  %cst_0_f32_27 = constant <f32: 0.000000e+00> : tile<f32>
  %reshape_28 = reshape %cst_0_f32_27 : tile<f32> -> tile<1x1xf32>
  %bcast_29 = broadcast %reshape_28 : tile<1x1xf32> -> tile<1x512xf32>
  %for_30 = for %loopIdx in (%cst_0_i32_21 to %1, step %cst_1_i32_22) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_20) -> (tile<1x512xf32>) {
    %tile, %result_token = load_view_tko weak %pview_23[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x512), padding_value = zero, tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<1x512xbf16>, token
    %11 = ftof %tile  : tile<1x512xbf16> -> tile<1x512xf32>
    %12 = muli %loopIdx, %cst_512_i32 : tile<i32>
    %reshape_46 = reshape %12 : tile<i32> -> tile<1xi32>
    %bcast_47 = broadcast %reshape_46 : tile<1xi32> -> tile<512xi32>
    %13 = addi %bcast_47, %4 : tile<512xi32>
    %reshape_48 = reshape %13 : tile<512xi32> -> tile<1x512xi32>
    %14 = cmpi less_than %reshape_48, %bcast, signed : tile<1x512xi32> -> tile<1x512xi1>
    %15 = subf %11, %bcast_26  : tile<1x512xf32>
    %16 = select %14, %15, %bcast_29 : tile<1x512xi1>, tile<1x512xf32>
    %17 = fma %16, %16, %iterArg0  : tile<1x512xf32>
    continue %17 : tile<1x512xf32>
  }
  %reduce_31 = reduce %for_30 dim=1 identities=[0.000000e+00 : f32] : tile<1x512xf32> -> tile<1xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %11 : tile<f32>
  }
  %5 = itof %arg22 signed  : tile<i32> -> tile<f32>
  %reshape_32 = reshape %5 : tile<f32> -> tile<1xf32>
  %6 = divf %reduce_31, %reshape_32  : tile<1xf32>
  %reshape_33 = reshape %arg23 : tile<f32> -> tile<1xf32>
  %7 = addf %6, %reshape_33  : tile<1xf32>
  %8 = rsqrt %7 : tile<1xf32>
  %pview_34 = make_partition_view %tview_16 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %9 = store_view_tko weak %3, %pview_34[%blockId_x] token = %0 : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %pview_35 = make_partition_view %tview_18 : partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>
  %10 = store_view_tko weak %8, %pview_35[%blockId_x] token = %0 : tile<1xf32>, partition_view<tile=(1), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  %cst_0_i32_36 = constant <i32: 0> : tile<i32>
  %cst_1_i32_37 = constant <i32: 1> : tile<i32>
  %pview_38 = make_partition_view %tview : partition_view<tile=(1x512), tensor_view<?x?xbf16, strides=[?,1]>>
  %pview_39 = make_partition_view %tview_8 : partition_view<tile=(512), tensor_view<?xbf16, strides=[1]>>
  %pview_40 = make_partition_view %tview_10 : partition_view<tile=(512), tensor_view<?xbf16, strides=[1]>>
  %reshape_41 = reshape %3 : tile<1xf32> -> tile<1x1xf32>
  %bcast_42 = broadcast %reshape_41 : tile<1x1xf32> -> tile<1x512xf32>
  %reshape_43 = reshape %8 : tile<1xf32> -> tile<1x1xf32>
  %bcast_44 = broadcast %reshape_43 : tile<1x1xf32> -> tile<1x512xf32>
  %pview_45 = make_partition_view %tview_14 : partition_view<tile=(1x512), tensor_view<?x?xbf16, strides=[?,1]>>
  for %loopIdx in (%cst_0_i32_36 to %1, step %cst_1_i32_37) : tile<i32> {
    %tile, %result_token = load_view_tko weak %pview_38[%blockId_x, %loopIdx] token = %0 : partition_view<tile=(1x512), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> tile<1x512xbf16>, token
    %11 = ftof %tile  : tile<1x512xbf16> -> tile<1x512xf32>
    %tile_46, %result_token_47 = load_view_tko weak %pview_39[%loopIdx] token = %0 : partition_view<tile=(512), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<512xbf16>, token
    %12 = ftof %tile_46  : tile<512xbf16> -> tile<512xf32>
    %tile_48, %result_token_49 = load_view_tko weak %pview_40[%loopIdx] token = %0 : partition_view<tile=(512), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<512xbf16>, token
    %13 = ftof %tile_48  : tile<512xbf16> -> tile<512xf32>
    %14 = subf %11, %bcast_42  : tile<1x512xf32>
    %15 = mulf %14, %bcast_44  : tile<1x512xf32>
    %reshape_50 = reshape %12 : tile<512xf32> -> tile<1x512xf32>
    %reshape_51 = reshape %13 : tile<512xf32> -> tile<1x512xf32>
    %16 = fma %15, %reshape_50, %reshape_51  : tile<1x512xf32>
    %17 = ftof %16  : tile<1x512xf32> -> tile<1x512xbf16>
    %18 = store_view_tko weak %17, %pview_45[%blockId_x, %loopIdx] token = %0 : tile<1x512xbf16>, partition_view<tile=(1x512), tensor_view<?x?xbf16, strides=[?,1]>>, tile<i32> -> token
  }
  return
}
