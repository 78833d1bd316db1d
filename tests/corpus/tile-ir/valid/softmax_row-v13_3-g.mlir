entry @softmax_row(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc14)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc14)
  %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc14)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc14)
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32> loc(#loc14)
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32> loc(#loc14)
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]> loc(#loc14)
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32> loc(#loc14)
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc14)
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i32> loc(#loc14)
  %tview_6 = make_tensor_view %arg5, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]> loc(#loc14)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc15)
  %cst_0_i32 = constant <i32: 0> : tile<i32> loc(#loc16)
  %pview = make_partition_view %tview : partition_view<tile=(4x1024), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>> loc(#loc17)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(4x1024), padding_value = neg_inf, tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<4x1024xf16>, token loc(#loc17)
  %1 = ftof %tile  : tile<4x1024xf16> -> tile<4x1024xf32> loc(#loc18)
  %reduce = reduce %1 dim=1 identities=[0xFF800000 : f32] : tile<4x1024xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = maxf %reduce_lhs, %reduce_rhs : tile<f32> loc(#loc19)
    yield %7 : tile<f32> loc(#loc19)
  } loc(#loc19)
  %reshape = reshape %reduce : tile<4xf32> -> tile<4x1xf32> loc(#loc19)
  %bcast = broadcast %reshape : tile<4x1xf32> -> tile<4x1024xf32> loc(#loc20)
  %2 = subf %1, %bcast  : tile<4x1024xf32> loc(#loc20)
  %3 = exp %2  : tile<4x1024xf32> loc(#loc21)
  %reduce_7 = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<4x1024xf32> -> tile<4xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %7 = addf %reduce_lhs, %reduce_rhs  : tile<f32> loc(#loc22)
    yield %7 : tile<f32> loc(#loc22)
  } loc(#loc22)
  %reshape_8 = reshape %reduce_7 : tile<4xf32> -> tile<4x1xf32> loc(#loc22)
  %cst_0_i32_9 = constant <i32: 0> : tile<i32> loc(#loc23)
  %bcast_10 = broadcast %reshape_8 : tile<4x1xf32> -> tile<4x1024xf32> loc(#loc24)
  %4 = divf %3, %bcast_10  : tile<4x1024xf32> loc(#loc24)
  %5 = ftof %4  : tile<4x1024xf32> -> tile<4x1024xf16> loc(#loc25)
  %pview_11 = make_partition_view %tview_6 : partition_view<tile=(4x1024), tensor_view<?x?xf16, strides=[?,1]>> loc(#loc26)
  %6 = store_view_tko weak %5, %pview_11[%blockId_x, %cst_0_i32_9] token = %0 : tile<4x1024xf16>, partition_view<tile=(4x1024), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token loc(#loc26)
  return loc(#loc13)
} loc(#loc14)
#di_file = #cuda_tile.di_file<"softmax.py" in "kernels">
#loc = loc("kernels/softmax.py":7:0)
#loc1 = loc("kernels/softmax.py":8:10)
#loc2 = loc("kernels/softmax.py":9:31)
#loc3 = loc("kernels/softmax.py":9:8)
#loc4 = loc("kernels/softmax.py":10:8)
#loc5 = loc("kernels/softmax.py":11:8)
#loc6 = loc("kernels/softmax.py":12:15)
#loc7 = loc("kernels/softmax.py":12:8)
#loc8 = loc("kernels/softmax.py":13:8)
#loc9 = loc("kernels/softmax.py":14:28)
#loc10 = loc("kernels/softmax.py":14:47)
#loc11 = loc("kernels/softmax.py":14:37)
#loc12 = loc("kernels/softmax.py":14:4)
#loc13 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 6, name = "softmax_row", linkageName = "softmax_row", compileUnit = #di_compile_unit, scopeLine = 6>
#loc14 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc15 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc16 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc17 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc18 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc19 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
#loc20 = #cuda_tile.di_loc<#loc6 in #di_subprogram>
#loc21 = #cuda_tile.di_loc<#loc7 in #di_subprogram>
#loc22 = #cuda_tile.di_loc<#loc8 in #di_subprogram>
#loc23 = #cuda_tile.di_loc<#loc9 in #di_subprogram>
#loc24 = #cuda_tile.di_loc<#loc10 in #di_subprogram>
#loc25 = #cuda_tile.di_loc<#loc11 in #di_subprogram>
#loc26 = #cuda_tile.di_loc<#loc12 in #di_subprogram>
