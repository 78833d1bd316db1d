entry @loops(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %false = constant <i1: false> : tile<i1>
  %true = constant <i1: true> : tile<i1>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<64xf32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %cst_3_i32 = constant <i32: 3> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %false_3 = constant <i1: false> : tile<i1>
  %cst_0_i32_4 = constant <i32: 0> : tile<i32>
  %cst_1000_i32 = constant <i32: 1000> : tile<i32>
  %for:2 = for %loopIdx in (%blockId_x to %arg6, step %gridSize_x) : tile<i32> iter_values(%iterArg0 = %cst_0_f32, %iterArg1 = %false) -> (tile<64xf32>, tile<i1>) {
    if %iterArg1 {
      continue %iterArg0, %iterArg1 : tile<64xf32>, tile<i1>
    } else {
    }
    %pview_13 = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
    %tile, %result_token = load_view_tko weak %pview_13[%loopIdx] token = %0 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %3 = remi %loopIdx, %cst_3_i32 signed : tile<i32>
    %4 = cmpi less_than %3, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %5 = xori %4, %false_3 : tile<i1>
    %6 = cmpi not_equal %3, %cst_0_i32, signed : tile<i32> -> tile<i1>
    %7 = andi %5, %6 : tile<i1>
    %8 = addi %3, %cst_3_i32 : tile<i32>
    %9 = select %7, %8, %3 : tile<i1>, tile<i32>
    %10 = cmpi equal %9, %cst_0_i32_4, signed : tile<i32> -> tile<i1>
    if %10 {
      continue %iterArg0, %iterArg1 : tile<64xf32>, tile<i1>
    } else {
    }
    %11 = addf %iterArg0, %tile  : tile<64xf32>
    %12 = cmpi greater_than %loopIdx, %cst_1000_i32, signed : tile<i32> -> tile<i1>
    if %12 {
      continue %11, %true : tile<64xf32>, tile<i1>
    } else {
    }
    continue %11, %iterArg1 : tile<64xf32>, tile<i1>
  }
  %cst_0_i32_5 = constant <i32: 0> : tile<i32>
  %cst_4_i32 = constant <i32: 4> : tile<i32>
  %cst_f32 = constant <f32: 5.000000e-01> : tile<f32>
  %reshape = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<64xf32>
  %cst_1_i32_6 = constant <i32: 1> : tile<i32>
  %1:2 = loop iter_values(%arg7 = %for#0, %arg8 = %cst_0_i32_5) : tile<64xf32>, tile<i32> -> tile<64xf32>, tile<i32> {
    %3 = cmpi less_than %arg8, %cst_4_i32, signed : tile<i32> -> tile<i1>
    if %3 {
    } else {
      break %arg7, %arg8 : tile<64xf32>, tile<i32>
    }
    %4 = mulf %arg7, %bcast  : tile<64xf32>
    %5 = addi %arg8, %cst_1_i32_6 : tile<i32>
    continue %4, %5 : tile<64xf32>, tile<i32>
  }
  %cst_2_i32 = constant <i32: 2> : tile<i32>
  %cst_0_i32_7 = constant <i32: 0> : tile<i32>
  %cst_1_i32_8 = constant <i32: 1> : tile<i32>
  %cst_3_i32_9 = constant <i32: 3> : tile<i32>
  %cst_0_i32_10 = constant <i32: 0> : tile<i32>
  %cst_1_i32_11 = constant <i32: 1> : tile<i32>
  %for_12 = for %loopIdx in (%cst_0_i32_7 to %cst_2_i32, step %cst_1_i32_8) : tile<i32> iter_values(%iterArg0 = %1#0) -> (tile<64xf32>) {
    %for_13 = for %loopIdx_14 in (%cst_0_i32_10 to %cst_3_i32_9, step %cst_1_i32_11) : tile<i32> iter_values(%iterArg0_15 = %iterArg0) -> (tile<64xf32>) {
      %3 = muli %loopIdx, %loopIdx_14 : tile<i32>
      %4 = itof %3 signed  : tile<i32> -> tile<f32>
      %reshape_16 = reshape %4 : tile<f32> -> tile<1xf32>
      %bcast_17 = broadcast %reshape_16 : tile<1xf32> -> tile<64xf32>
      %5 = addf %iterArg0_15, %bcast_17  : tile<64xf32>
      continue %5 : tile<64xf32>
    }
    continue %for_13 : tile<64xf32>
  }
  %pview = make_partition_view %tview_2 : partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>
  %2 = store_view_tko weak %for_12, %pview[%blockId_x] token = %0 : tile<64xf32>, partition_view<tile=(64), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
