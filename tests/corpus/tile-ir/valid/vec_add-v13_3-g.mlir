entry @vec_add(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token loc(#loc7)
  %cst_1_i32 = constant <i32: 1> : tile<i32> loc(#loc7)
  %cst_1_i32_0 = constant <i32: 1> : tile<i32> loc(#loc7)
  %cst_1_i32_1 = constant <i32: 1> : tile<i32> loc(#loc7)
  %assume = assume bounded<0, ?>, %arg1 : tile<i32> loc(#loc7)
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc7)
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32> loc(#loc7)
  %tview_3 = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc7)
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32> loc(#loc7)
  %tview_5 = make_tensor_view %arg6, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]> loc(#loc7)
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32> loc(#loc8)
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>> loc(#loc9)
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token loc(#loc9)
  %pview_6 = make_partition_view %tview_3 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>> loc(#loc10)
  %tile_7, %result_token_8 = load_view_tko weak %pview_6[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token loc(#loc10)
  %1 = addf %tile, %tile_7  : tile<256xf32> loc(#loc11)
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>> loc(#loc12)
  %2 = store_view_tko weak %1, %pview_9[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token loc(#loc12)
  return loc(#loc6)
} loc(#loc7)
#di_file = #cuda_tile.di_file<"elementwise_f32.py" in "kernels">
#loc = loc("kernels/elementwise_f32.py":11:0)
#loc1 = loc("kernels/elementwise_f32.py":12:10)
#loc2 = loc("kernels/elementwise_f32.py":13:8)
#loc3 = loc("kernels/elementwise_f32.py":14:8)
#loc4 = loc("kernels/elementwise_f32.py":15:35)
#loc5 = loc("kernels/elementwise_f32.py":15:4)
#loc6 = loc(unknown)
#di_compile_unit = #cuda_tile.di_compile_unit<file = #di_file>
#di_subprogram = #cuda_tile.di_subprogram<file = #di_file, line = 10, name = "vec_add", linkageName = "vec_add", compileUnit = #di_compile_unit, scopeLine = 10>
#loc7 = #cuda_tile.di_loc<#loc in #di_subprogram>
#loc8 = #cuda_tile.di_loc<#loc1 in #di_subprogram>
#loc9 = #cuda_tile.di_loc<#loc2 in #di_subprogram>
#loc10 = #cuda_tile.di_loc<#loc3 in #di_subprogram>
#loc11 = #cuda_tile.di_loc<#loc4 in #di_subprogram>
#loc12 = #cuda_tile.di_loc<#loc5 in #di_subprogram>
