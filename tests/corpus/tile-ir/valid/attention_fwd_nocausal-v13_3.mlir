entry @attention_fwd_nocausal(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f16>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f16>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<i32>, %arg29: tile<f32>) optimization_hints=<default = {occupancy = 2}, sm_100 = {num_worker_warps_per_cta = 8}, sm_90 = {occupancy = 1}> {
  %0 = make_token : token
  %assume = assume div_by<16>, %arg0 : tile<ptr<f16>>
  %assume_0 = assume div_by<8>, %arg1 : tile<i32>
  %assume_1 = assume div_by<8>, %arg2 : tile<i32>
  %assume_2 = assume div_by<8>, %arg3 : tile<i32>
  %assume_3 = assume div_by<8>, %arg4 : tile<i32>
  %assume_4 = assume div_by<8>, %arg5 : tile<i32>
  %assume_5 = assume div_by<16>, %arg7 : tile<ptr<f16>>
  %assume_6 = assume div_by<8>, %arg8 : tile<i32>
  %assume_7 = assume div_by<8>, %arg9 : tile<i32>
  %assume_8 = assume div_by<8>, %arg10 : tile<i32>
  %assume_9 = assume div_by<8>, %arg11 : tile<i32>
  %assume_10 = assume div_by<8>, %arg12 : tile<i32>
  %assume_11 = assume div_by<16>, %arg14 : tile<ptr<f16>>
  %assume_12 = assume div_by<8>, %arg15 : tile<i32>
  %assume_13 = assume div_by<8>, %arg16 : tile<i32>
  %assume_14 = assume div_by<8>, %arg17 : tile<i32>
  %assume_15 = assume div_by<8>, %arg18 : tile<i32>
  %assume_16 = assume div_by<8>, %arg19 : tile<i32>
  %assume_17 = assume div_by<16>, %arg21 : tile<ptr<f16>>
  %assume_18 = assume div_by<8>, %arg22 : tile<i32>
  %assume_19 = assume div_by<8>, %arg23 : tile<i32>
  %assume_20 = assume div_by<8>, %arg24 : tile<i32>
  %assume_21 = assume div_by<8>, %arg25 : tile<i32>
  %assume_22 = assume div_by<8>, %arg26 : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_23 = constant <i32: 1> : tile<i32>
  %cst_1_i32_24 = constant <i32: 1> : tile<i32>
  %cst_1_i32_25 = constant <i32: 1> : tile<i32>
  %assume_assume = assume bounded<0, ?>, %assume_0 : tile<i32>
  %assume_assume_assume = assume div_by<8>, %assume_assume : tile<i32>
  %assume_assume_26 = assume bounded<0, ?>, %assume_1 : tile<i32>
  %assume_assume_assume_27 = assume div_by<8>, %assume_assume_26 : tile<i32>
  %assume_assume_28 = assume bounded<0, ?>, %assume_2 : tile<i32>
  %assume_assume_assume_29 = assume div_by<8>, %assume_assume_28 : tile<i32>
  %assume_assume_30 = assume bounded<0, ?>, %assume_3 : tile<i32>
  %assume_assume_assume_31 = assume div_by<8>, %assume_assume_30 : tile<i32>
  %assume_assume_32 = assume bounded<0, ?>, %assume_4 : tile<i32>
  %assume_assume_assume_33 = assume div_by<8>, %assume_assume_32 : tile<i32>
  %tview = make_tensor_view %assume, shape = [%assume_assume_assume, %assume_assume_assume_27, %assume_assume_assume_29], strides = [%assume_assume_assume_31, %assume_assume_assume_33, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_assume_34 = assume bounded<0, ?>, %assume_6 : tile<i32>
  %assume_assume_assume_35 = assume div_by<8>, %assume_assume_34 : tile<i32>
  %assume_assume_36 = assume bounded<0, ?>, %assume_7 : tile<i32>
  %assume_assume_assume_37 = assume div_by<8>, %assume_assume_36 : tile<i32>
  %assume_assume_38 = assume bounded<0, ?>, %assume_8 : tile<i32>
  %assume_assume_assume_39 = assume div_by<8>, %assume_assume_38 : tile<i32>
  %assume_assume_40 = assume bounded<0, ?>, %assume_9 : tile<i32>
  %assume_assume_assume_41 = assume div_by<8>, %assume_assume_40 : tile<i32>
  %assume_assume_42 = assume bounded<0, ?>, %assume_10 : tile<i32>
  %assume_assume_assume_43 = assume div_by<8>, %assume_assume_42 : tile<i32>
  %tview_44 = make_tensor_view %assume_5, shape = [%assume_assume_assume_35, %assume_assume_assume_37, %assume_assume_assume_39], strides = [%assume_assume_assume_41, %assume_assume_assume_43, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_assume_45 = assume bounded<0, ?>, %assume_12 : tile<i32>
  %assume_assume_assume_46 = assume div_by<8>, %assume_assume_45 : tile<i32>
  %assume_assume_47 = assume bounded<0, ?>, %assume_13 : tile<i32>
  %assume_assume_assume_48 = assume div_by<8>, %assume_assume_47 : tile<i32>
  %assume_assume_49 = assume bounded<0, ?>, %assume_14 : tile<i32>
  %assume_assume_assume_50 = assume div_by<8>, %assume_assume_49 : tile<i32>
  %assume_assume_51 = assume bounded<0, ?>, %assume_15 : tile<i32>
  %assume_assume_assume_52 = assume div_by<8>, %assume_assume_51 : tile<i32>
  %assume_assume_53 = assume bounded<0, ?>, %assume_16 : tile<i32>
  %assume_assume_assume_54 = assume div_by<8>, %assume_assume_53 : tile<i32>
  %tview_55 = make_tensor_view %assume_11, shape = [%assume_assume_assume_46, %assume_assume_assume_48, %assume_assume_assume_50], strides = [%assume_assume_assume_52, %assume_assume_assume_54, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %assume_assume_56 = assume bounded<0, ?>, %assume_18 : tile<i32>
  %assume_assume_assume_57 = assume div_by<8>, %assume_assume_56 : tile<i32>
  %assume_assume_58 = assume bounded<0, ?>, %assume_19 : tile<i32>
  %assume_assume_assume_59 = assume div_by<8>, %assume_assume_58 : tile<i32>
  %assume_assume_60 = assume bounded<0, ?>, %assume_20 : tile<i32>
  %assume_assume_assume_61 = assume div_by<8>, %assume_assume_60 : tile<i32>
  %assume_assume_62 = assume bounded<0, ?>, %assume_21 : tile<i32>
  %assume_assume_assume_63 = assume div_by<8>, %assume_assume_62 : tile<i32>
  %assume_assume_64 = assume bounded<0, ?>, %assume_22 : tile<i32>
  %assume_assume_assume_65 = assume div_by<8>, %assume_assume_64 : tile<i32>
  %tview_66 = make_tensor_view %assume_17, shape = [%assume_assume_assume_57, %assume_assume_assume_59, %assume_assume_assume_61], strides = [%assume_assume_assume_63, %assume_assume_assume_65, 1] : tile<i32> -> tensor_view<?x?x?xf16, strides=[?,?,1]>
  %cst_64_i32 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_67, %blockId_y_68, %blockId_z_69 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x128x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_y, %blockId_x_67, %cst_0_i32] token = %0 : partition_view<tile=(1x128x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x128x64xf16>, token
  %reshape = reshape %tile : tile<1x128x64xf16> -> tile<128x64xf16>
  %cst_f32 = constant <f32: 0xFF800000> : tile<128x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<128x1xf32>
  %cst_0_f32_70 = constant <f32: 0.000000e+00> : tile<128x64xf32>
  %cst_f32_71 = constant <f32: 1.44269502> : tile<f32>
  %1 = mulf %arg29, %cst_f32_71  : tile<f32>
  %2 = divi %arg28, %cst_64_i32 signed rounding<positive_inf> : tile<i32>
  %cst_0_i32_72 = constant <i32: 0> : tile<i32>
  %cst_1_i32_73 = constant <i32: 1> : tile<i32>
  %cst_0_i32_74 = constant <i32: 0> : tile<i32>
  %pview_75 = make_partition_view %tview_44 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %cst_0_i32_76 = constant <i32: 0> : tile<i32>
  %pview_77 = make_partition_view %tview_55 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %cst_0_f32_78 = constant <f32: 0.000000e+00> : tile<128x64xf32>
  %reshape_79 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_79 : tile<1x1xf32> -> tile<128x64xf32>
  %for:3 = for %loopIdx in (%cst_0_i32_72 to %2, step %cst_1_i32_73) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_70, %iterArg1 = %cst_0_f32, %iterArg2 = %cst_f32) -> (tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>) {
    %tile_84, %result_token_85 = load_view_tko weak %pview_75[%blockId_y, %loopIdx, %cst_0_i32_74] token = %0 optimization_hints = <default = {latency = 2}> : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x64xf16>, token
    %reshape_86 = reshape %tile_84 : tile<1x64x64xf16> -> tile<64x64xf16>
    %tile_87, %result_token_88 = load_view_tko weak %pview_77[%blockId_y, %loopIdx, %cst_0_i32_76] token = %0 optimization_hints = <default = {latency = 4}> : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x64xf16>, token
    %reshape_89 = reshape %tile_87 : tile<1x64x64xf16> -> tile<64x64xf16>
    %6 = permute %reshape_86 [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
    %7 = mmaf %reshape, %6, %cst_0_f32_78 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %8 = mulf %7, %bcast  : tile<128x64xf32>
    %reduce = reduce %8 dim=1 identities=[0xFF800000 : f32] : tile<128x64xf32> -> tile<128xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %18 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %18 : tile<f32>
    }
    %reshape_90 = reshape %reduce : tile<128xf32> -> tile<128x1xf32>
    %9 = maxf %iterArg2, %reshape_90 : tile<128x1xf32>
    %bcast_91 = broadcast %9 : tile<128x1xf32> -> tile<128x64xf32>
    %10 = subf %8, %bcast_91  : tile<128x64xf32>
    %11 = exp2 %10 flush_to_zero : tile<128x64xf32>
    %12 = subf %iterArg2, %9  : tile<128x1xf32>
    %13 = exp2 %12 flush_to_zero : tile<128x1xf32>
    %reduce_92 = reduce %11 dim=1 identities=[0.000000e+00 : f32] : tile<128x64xf32> -> tile<128xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %18 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %18 : tile<f32>
    }
    %reshape_93 = reshape %reduce_92 : tile<128xf32> -> tile<128x1xf32>
    %14 = fma %iterArg1, %13, %reshape_93  : tile<128x1xf32>
    %15 = ftof %11  : tile<128x64xf32> -> tile<128x64xf16>
    %bcast_94 = broadcast %13 : tile<128x1xf32> -> tile<128x64xf32>
    %16 = mulf %iterArg0, %bcast_94  : tile<128x64xf32>
    %17 = mmaf %15, %reshape_89, %16 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    continue %17, %14, %9 : tile<128x64xf32>, tile<128x1xf32>, tile<128x1xf32>
  }
  %bcast_80 = broadcast %for#1 : tile<128x1xf32> -> tile<128x64xf32>
  %3 = divf %for#0, %bcast_80 rounding<approx> flush_to_zero : tile<128x64xf32>
  %cst_0_i32_81 = constant <i32: 0> : tile<i32>
  %4 = ftof %3  : tile<128x64xf32> -> tile<128x64xf16>
  %reshape_82 = reshape %4 : tile<128x64xf16> -> tile<1x128x64xf16>
  %pview_83 = make_partition_view %tview_66 : partition_view<tile=(1x128x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %5 = store_view_tko weak %reshape_82, %pview_83[%blockId_y, %blockId_x_67, %cst_0_i32_81] token = %0 : tile<1x128x64xf16>, partition_view<tile=(1x128x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
  return
}
