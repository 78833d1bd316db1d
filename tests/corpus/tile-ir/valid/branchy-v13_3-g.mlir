entry @branchy(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc21)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc21)
  %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc21)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc21)
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc21)
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc21)
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc21)
  %cst_128_i32 = constant <i32: 128> : tile<i32> loc(#loc21)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc22)
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>> loc(#loc23)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token loc(#loc23)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc24)
  %1 = cmpi equal %arg7, %cst_0_i32, signed : tile<i32> -> tile<i1> loc(#loc25)
  %2 = if %1 -> (tile<128xf32>) {
    %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32> loc(#loc27)
    %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32> loc(#loc28)
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc28)
    %6 = mulf %tile, %bcast  : tile<128xf32> loc(#loc28)
    yield %6 : tile<128xf32> loc(#loc26)
  } else {
    %cst_1_i32_4 = constant <i32: 1> : tile<i32> loc(#loc29)
    %6 = cmpi equal %arg7, %cst_1_i32_4, signed : tile<i32> -> tile<i1> loc(#loc30)
    %7 = if %6 -> (tile<128xf32>) {
      %8 = exp %tile  : tile<128xf32> loc(#loc32)
      yield %8 : tile<128xf32> loc(#loc31)
    } else {
      %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc33)
      %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32> loc(#loc34)
      %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32> loc(#loc34)
      %8 = cmpf greater_than ordered %tile, %bcast : tile<128xf32> -> tile<128xi1> loc(#loc34)
      %cst_0_f32_5 = constant <f32: 0.000000e+00> : tile<f32> loc(#loc35)
      %reshape_6 = reshape %cst_0_f32_5 : tile<f32> -> tile<1xf32> loc(#loc36)
      %bcast_7 = broadcast %reshape_6 : tile<1xf32> -> tile<128xf32> loc(#loc36)
      %9 = select %8, %tile, %bcast_7 : tile<128xi1>, tile<128xf32> loc(#loc36)
      yield %9 : tile<128xf32> loc(#loc31)
    } loc(#loc31)
    yield %7 : tile<128xf32> loc(#loc26)
  } loc(#loc26)
  %3 = muli %blockId_x, %cst_128_i32 : tile<i32> loc(#loc37)
  %4 = cmpi greater_than_or_equal %3, %arg6, signed : tile<i32> -> tile<i1> loc(#loc37)
  if %4 {
    return loc(#loc39)
  } else {
  } loc(#loc38)
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>> loc(#loc40)
  %5 = store_view_tko weak %2, %pview_3[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc40)
  return loc(#loc20)
} loc(#loc21)
#di_file = #cuda_tile.di_file<"control_flow.py" in "kernels">
#loc = loc("kernels/control_flow.py":8:0)
#loc1 = loc("kernels/control_flow.py":9:10)
#loc2 = loc("kernels/control_flow.py":10:8)
#loc3 = loc("kernels/control_flow.py":11:15)
#loc4 = loc("kernels/control_flow.py":11:7)
#loc5 = loc("kernels/control_flow.py":11:4)
#loc6 = loc("kernels/control_flow.py":12:16)
#loc7 = loc("kernels/control_flow.py":12:12)
#loc8 = loc("kernels/control_flow.py":13:17)
#loc9 = loc("kernels/control_flow.py":13:9)
#loc10 = loc("kernels/control_flow.py":13:4)
#loc11 = loc("kernels/control_flow.py":14:12)
#loc12 = loc("kernels/control_flow.py":16:25)
#loc13 = loc("kernels/control_flow.py":16:21)
#loc14 = loc("kernels/control_flow.py":16:33)
#loc15 = loc("kernels/control_flow.py":16:12)
#loc16 = loc("kernels/control_flow.py":17:7)
#loc17 = loc("kernels/control_flow.py":17:4)
#loc18 = loc("kernels/control_flow.py":18:8)
#loc19 = loc("kernels/control_flow.py":19:4)
#loc20 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 7, name = "branchy", linkageName = "branchy", compileUnit = #di_compile_unit, scopeLine = 7>
#loc21 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc27 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc29 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc30 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc35 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc36 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc37 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc38 = #cuda_tile.di_loc<#loc17 in #di_subprogram>
#loc39 = #cuda_tile.di_loc<#loc18 in #di_subprogram>
#loc40 = #cuda_tile.di_loc<#loc19 in #di_subprogram>
