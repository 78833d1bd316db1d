entry @rmsnorm(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc18)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc18)
  %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc18)
  %cst_1_i32_1 = constant <i32: 1> : tile<i32> loc(#loc18)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc18)
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc18)
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc18)
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]> loc(#loc18)
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc18)
  %tview_5 = make_tensor_view %arg5, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]> loc(#loc18)
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32> loc(#loc18)
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32> loc(#loc18)
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32> loc(#loc18)
  %tview_9 = make_tensor_view %arg8, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]> loc(#loc18)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc19)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc20)
  %pview = make_partition_view %tview : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>> loc(#loc21)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x256xf16>, token loc(#loc21)
  %1 = ftof %tile  : tile<8x256xf16> -> tile<8x256xf32> loc(#loc22)
  %cst_0_i32_10 = constant <i32: 0> : tile<i32> loc(#loc23)
  %pview_11 = make_partition_view %tview_5 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>> loc(#loc24)
  %tile_12, %result_token_13 = load_view_tko weak %pview_11[%cst_0_i32_10] token = %0 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<256xf16>, token loc(#loc24)
  %2 = ftof %tile_12  : tile<256xf16> -> tile<256xf32> loc(#loc25)
  %3 = mulf %1, %1  : tile<8x256xf32> loc(#loc35)
  %reduce = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc36)
    yield %11 : tile<f32> loc(#loc36)
  } loc(#loc36)
  %reshape = reshape %reduce : tile<8xf32> -> tile<8x1xf32> loc(#loc36)
  %cst_256_f32 = constant <f32: 2.560000e+02> : tile<f32> loc(#loc36)
  %reshape_14 = reshape %cst_256_f32 : tile<f32> -> tile<1x1xf32> loc(#loc36)
  %bcast = broadcast %reshape_14 : tile<1x1xf32> -> tile<8x1xf32> loc(#loc36)
  %4 = divf %reshape, %bcast  : tile<8x1xf32> loc(#loc36)
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1x1xf32> loc(#loc36)
  %bcast_16 = broadcast %reshape_15 : tile<1x1xf32> -> tile<8x1xf32> loc(#loc36)
  %5 = addf %4, %bcast_16  : tile<8x1xf32> loc(#loc36)
  %6 = rsqrt %5 : tile<8x1xf32> loc(#loc37)
  %bcast_17 = broadcast %6 : tile<8x1xf32> -> tile<8x256xf32> loc(#loc30)
  %7 = mulf %1, %bcast_17  : tile<8x256xf32> loc(#loc30)
  %reshape_18 = reshape %2 : tile<256xf32> -> tile<1x256xf32> loc(#loc31)
  %bcast_19 = broadcast %reshape_18 : tile<1x256xf32> -> tile<8x256xf32> loc(#loc30)
  %8 = mulf %7, %bcast_19  : tile<8x256xf32> loc(#loc30)
  %cst_0_i32_20 = constant <i32: 0> : tile<i32> loc(#loc32)
  %9 = ftof %8  : tile<8x256xf32> -> tile<8x256xf16> loc(#loc33)
  %pview_21 = make_partition_view %tview_9 : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>> loc(#loc34)
  %10 = store_view_tko weak %9, %pview_21[%blockId_x, %cst_0_i32_20] token = %0 : tile<8x256xf16>, partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token loc(#loc34)
  return loc(#loc17)
} loc(#loc18)
#di_file = #cuda_tile.di_file<"models.py" in "kernels">
#loc = loc("kernels/models.py":14:0)
#loc1 = loc("kernels/models.py":15:10)
#loc2 = loc("kernels/models.py":16:41)
#loc3 = loc("kernels/models.py":16:18)
#loc4 = loc("kernels/models.py":16:8)
#loc5 = loc("kernels/models.py":17:36)
#loc6 = loc("kernels/models.py":17:18)
#loc7 = loc("kernels/models.py":17:8)
#loc8 = loc("kernels/models.py":10:27)
#loc9 = loc("kernels/models.py":18:14)
#loc10 = loc("kernels/models.py":10:20)
#loc11 = loc("kernels/models.py":10:11)
#loc12 = loc("kernels/models.py":18:10)
#loc13 = loc("kernels/models.py":18:28)
#loc14 = loc("kernels/models.py":19:28)
#loc15 = loc("kernels/models.py":19:37)
#loc16 = loc("kernels/models.py":19:4)
#loc17 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 13, name = "rmsnorm", linkageName = "rmsnorm", compileUnit = #di_compile_unit, scopeLine = 13>
#di_subprogram1 = #cuda_tile.di_subprogram<file = #di_file, line = 8, name = "rms", linkageName = "rms@models:8:1_s0", compileUnit = #di_compile_unit, scopeLine = 8>
#loc18 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc8 in #di_subprogram1>
#loc27 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc28 = #cuda_tile.di_loc<#loc10 in #di_subprogram1>
#loc29 = #cuda_tile.di_loc<#loc11 in #di_subprogram1>
#loc30 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
#loc31 = #cuda_tile.di_loc<#loc13 in #di_subprogram>
#loc32 = #cuda_tile.di_loc<#loc14 in #di_subprogram>
#loc33 = #cuda_tile.di_loc<#loc15 in #di_subprogram>
#loc34 = #cuda_tile.di_loc<#loc16 in #di_subprogram>
#loc35 = loc(callsite(#loc26 at #loc27))
#loc36 = loc(callsite(#loc28 at #loc27))
#loc37 = loc(callsite(#loc29 at #loc27))
