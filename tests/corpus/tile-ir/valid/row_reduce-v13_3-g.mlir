entry @row_reduce(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f32>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f32>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<ptr<f32>>, %arg12: tile<i32>, %arg13: tile<i32>, %arg14: tile<ptr<f32>>, %arg15: tile<i32>, %arg16: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc13)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc13)
  %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc13)
  %cst_1_i32_1 = constant <i32: 1> : tile<i32> loc(#loc13)
  %cst_1_i32_2 = constant <i32: 1> : tile<i32> loc(#loc13)
  %cst_1_i32_3 = constant <i32: 1> : tile<i32> loc(#loc13)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc13)
  %assume_4 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc13)
  %assume_5 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc13)
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]> loc(#loc13)
  %assume_6 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc13)
  %tview_7 = make_tensor_view %arg5, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc13)
  %assume_8 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc13)
  %tview_9 = make_tensor_view %arg8, shape = [%assume_8], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc13)
  %assume_10 = assume bounded<0, ?>, %arg12 : tile<i32> loc(#loc13)
  %tview_11 = make_tensor_view %arg11, shape = [%assume_10], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc13)
  %assume_12 = assume bounded<0, ?>, %arg15 : tile<i32> loc(#loc13)
  %tview_13 = make_tensor_view %arg14, shape = [%assume_12], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc13)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc14)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc15)
  %pview = make_partition_view %tview : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>> loc(#loc16)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x64xf32>, token loc(#loc16)
  %reduce = reduce %tile dim=1 identities=[0.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %5 = addf %reduce_lhs, %reduce_rhs  flush_to_zero : tile<f32> loc(#loc17)
    yield %5 : tile<f32> loc(#loc17)
  } loc(#loc17)
  %pview_14 = make_partition_view %tview_7 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> loc(#loc18)
  %1 = store_view_tko weak %reduce, %pview_14[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc18)
  %reduce_15 = reduce %tile dim=1 identities=[0xFF800000 : f32] : tile<16x64xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %5 = maxf %reduce_lhs, %reduce_rhs propagate_nan : tile<f32> loc(#loc19)
    yield %5 : tile<f32> loc(#loc19)
  } loc(#loc19)
  %pview_16 = make_partition_view %tview_9 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> loc(#loc20)
  %2 = store_view_tko weak %reduce_15, %pview_16[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc20)
  %reduce_17 = reduce %tile dim=1 identities=[0x7F800000 : f32] : tile<16x64xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %5 = minf %reduce_lhs, %reduce_rhs : tile<f32> loc(#loc21)
    yield %5 : tile<f32> loc(#loc21)
  } loc(#loc21)
  %pview_18 = make_partition_view %tview_11 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> loc(#loc22)
  %3 = store_view_tko weak %reduce_17, %pview_18[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc22)
  %reduce_19 = reduce %tile dim=1 identities=[1.000000e+00 : f32] : tile<16x64xf32> -> tile<16xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %5 = mulf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc23)
    yield %5 : tile<f32> loc(#loc23)
  } loc(#loc23)
  %pview_20 = make_partition_view %tview_13 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>> loc(#loc24)
  %4 = store_view_tko weak %reduce_19, %pview_20[%blockId_x] token = %0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc24)
  return loc(#loc12)
} loc(#loc13)
#di_file = #cuda_tile.di_file<"reductions.py" in "kernels">
#loc = loc("kernels/reductions.py":10:0)
#loc1 = loc("kernels/reductions.py":11:10)
#loc2 = loc("kernels/reductions.py":12:31)
#loc3 = loc("kernels/reductions.py":12:8)
#loc4 = loc("kernels/reductions.py":13:38)
#loc5 = loc("kernels/reductions.py":13:4)
#loc6 = loc("kernels/reductions.py":14:38)
#loc7 = loc("kernels/reductions.py":14:4)
#loc8 = loc("kernels/reductions.py":15:38)
#loc9 = loc("kernels/reductions.py":15:4)
#loc10 = loc("kernels/reductions.py":16:39)
#loc11 = loc("kernels/reductions.py":16:4)
#loc12 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 9, name = "row_reduce", linkageName = "row_reduce", compileUnit = #di_compile_unit, scopeLine = 9>
#loc13 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc14 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
