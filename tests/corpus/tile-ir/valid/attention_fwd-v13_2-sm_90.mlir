entry @attention_fwd(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<ptr<f16>>, %arg8: tile<i32>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f16>>, %arg15: tile<i32>, %arg16: tile<i32>, %arg17: tile<i32>, %arg18: tile<i32>, %arg19: tile<i32>, %arg20: tile<i32>, %arg21: tile<ptr<f16>>, %arg22: tile<i32>, %arg23: tile<i32>, %arg24: tile<i32>, %arg25: tile<i32>, %arg26: tile<i32>, %arg27: tile<i32>, %arg28: tile<i32>, %arg29: tile<f32>) optimization_hints=<sm_90 = {occupancy = 1}> {
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
  %cst_64_i32_67 = constant <i32: 64> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %blockId_x_68, %blockId_y_69, %blockId_z_70 = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_y, %blockId_x_68, %cst_0_i32] token = %0 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x64xf16>, token
  %reshape = reshape %tile : tile<1x64x64xf16> -> tile<64x64xf16>
  %cst_f32 = constant <f32: 0xFF800000> : tile<64x1xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64x1xf32>
  %cst_0_f32_71 = constant <f32: 0.000000e+00> : tile<64x64xf32>
  %cst_f32_72 = constant <f32: 1.44269502> : tile<f32>
  %1 = mulf %arg29, %cst_f32_72  : tile<f32>
  %2 = muli %blockId_x_68, %cst_64_i32 : tile<i32>
  %3 = iota : tile<64xi32>
  %reshape_73 = reshape %2 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape_73 : tile<1xi32> -> tile<64xi32>
  %4 = addi %bcast, %3 : tile<64xi32>
  %5 = divi %arg28, %cst_64_i32_67 signed rounding<positive_inf> : tile<i32>
  %cst_1_i32_74 = constant <i32: 1> : tile<i32>
  %6 = addi %blockId_x_68, %cst_1_i32_74 : tile<i32>
  %7 = muli %6, %cst_64_i32 : tile<i32>
  %8 = divi %7, %cst_64_i32_67 signed rounding<positive_inf> : tile<i32>
  %9 = mini %5, %8 signed : tile<i32>
  %cst_0_i32_75 = constant <i32: 0> : tile<i32>
  %cst_1_i32_76 = constant <i32: 1> : tile<i32>
  %cst_0_i32_77 = constant <i32: 0> : tile<i32>
  %cst_0_i32_78 = constant <i32: 0> : tile<i32>
  %cst_0_f32_79 = constant <f32: 0.000000e+00> : tile<64x64xf32>
  %reshape_80 = reshape %1 : tile<f32> -> tile<1x1xf32>
  %bcast_81 = broadcast %reshape_80 : tile<1x1xf32> -> tile<64x64xf32>
  %10 = iota : tile<64xi32>
  %reshape_82 = reshape %4 : tile<64xi32> -> tile<64x1xi32>
  %bcast_83 = broadcast %reshape_82 : tile<64x1xi32> -> tile<64x64xi32>
  %cst_f32_84 = constant <f32: 0xFF800000> : tile<f32>
  %reshape_85 = reshape %cst_f32_84 : tile<f32> -> tile<1x1xf32>
  %bcast_86 = broadcast %reshape_85 : tile<1x1xf32> -> tile<64x64xf32>
  %for:3 = for %loopIdx in (%cst_0_i32_75 to %9, step %cst_1_i32_76) : tile<i32> iter_values(%iterArg0 = %cst_0_f32_71, %iterArg1 = %cst_0_f32, %iterArg2 = %cst_f32) -> (tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>) {
    %pview_91 = make_partition_view %tview_44 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %tile_92, %result_token_93 = load_view_tko weak %pview_91[%blockId_y, %loopIdx, %cst_0_i32_77] token = %0 optimization_hints = <sm_90 = {latency = 2}> : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x64xf16>, token
    %reshape_94 = reshape %tile_92 : tile<1x64x64xf16> -> tile<64x64xf16>
    %pview_95 = make_partition_view %tview_55 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
    %tile_96, %result_token_97 = load_view_tko weak %pview_95[%blockId_y, %loopIdx, %cst_0_i32_78] token = %0 optimization_hints = <sm_90 = {latency = 4}> : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> tile<1x64x64xf16>, token
    %reshape_98 = reshape %tile_96 : tile<1x64x64xf16> -> tile<64x64xf16>
    %14 = permute %reshape_94 [1, 0] : tile<64x64xf16> -> tile<64x64xf16>
    %15 = mmaf %reshape, %14, %cst_0_f32_79 : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %16 = mulf %15, %bcast_81  : tile<64x64xf32>
    %17 = muli %loopIdx, %cst_64_i32_67 : tile<i32>
    %reshape_99 = reshape %17 : tile<i32> -> tile<1xi32>
    %bcast_100 = broadcast %reshape_99 : tile<1xi32> -> tile<64xi32>
    %18 = addi %bcast_100, %10 : tile<64xi32>
    %reshape_101 = reshape %18 : tile<64xi32> -> tile<1x64xi32>
    %bcast_102 = broadcast %reshape_101 : tile<1x64xi32> -> tile<64x64xi32>
    %19 = cmpi greater_than_or_equal %bcast_83, %bcast_102, signed : tile<64x64xi32> -> tile<64x64xi1>
    %20 = select %19, %16, %bcast_86 : tile<64x64xi1>, tile<64x64xf32>
    %reduce = reduce %20 dim=1 identities=[0xFF800000 : f32] : tile<64x64xf32> -> tile<64xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %30 = maxf %reduce_lhs, %reduce_rhs : tile<f32>
      yield %30 : tile<f32>
    }
    %reshape_103 = reshape %reduce : tile<64xf32> -> tile<64x1xf32>
    %21 = maxf %iterArg2, %reshape_103 : tile<64x1xf32>
    %bcast_104 = broadcast %21 : tile<64x1xf32> -> tile<64x64xf32>
    %22 = subf %20, %bcast_104  : tile<64x64xf32>
    %23 = exp2 %22 flush_to_zero : tile<64x64xf32>
    %24 = subf %iterArg2, %21  : tile<64x1xf32>
    %25 = exp2 %24 flush_to_zero : tile<64x1xf32>
    %reduce_105 = reduce %23 dim=1 identities=[0.000000e+00 : f32] : tile<64x64xf32> -> tile<64xf32> 
    (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
      %30 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
      yield %30 : tile<f32>
    }
    %reshape_106 = reshape %reduce_105 : tile<64xf32> -> tile<64x1xf32>
    %26 = fma %iterArg1, %25, %reshape_106  : tile<64x1xf32>
    %27 = ftof %23  : tile<64x64xf32> -> tile<64x64xf16>
    %bcast_107 = broadcast %25 : tile<64x1xf32> -> tile<64x64xf32>
    %28 = mulf %iterArg0, %bcast_107  : tile<64x64xf32>
    %29 = mmaf %27, %reshape_98, %28 : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    continue %29, %26, %21 : tile<64x64xf32>, tile<64x1xf32>, tile<64x1xf32>
  }
  %bcast_87 = broadcast %for#1 : tile<64x1xf32> -> tile<64x64xf32>
  %11 = divf %for#0, %bcast_87 rounding<approx> flush_to_zero : tile<64x64xf32>
  %cst_0_i32_88 = constant <i32: 0> : tile<i32>
  %12 = ftof %11  : tile<64x64xf32> -> tile<64x64xf16>
  %reshape_89 = reshape %12 : tile<64x64xf16> -> tile<1x64x64xf16>
  %pview_90 = make_partition_view %tview_66 : partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>
  %13 = store_view_tko weak %reshape_89, %pview_90[%blockId_y, %blockId_x_68, %cst_0_i32_88] token = %0 : tile<1x64x64xf16>, partition_view<tile=(1x64x64), tensor_view<?x?x?xf16, strides=[?,?,1]>>, tile<i32> -> token
  return
}
