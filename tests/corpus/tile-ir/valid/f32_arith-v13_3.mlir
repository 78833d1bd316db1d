entry @f32_arith(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_3 = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_5 = make_tensor_view %arg6, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %pview_6 = make_partition_view %tview_3 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>
  %tile_7, %result_token_8 = load_view_tko weak %pview_6[%blockId_x] token = %0 : partition_view<tile=(256), padding_value = zero, tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %1 = addf %tile, %tile_7 rounding<zero> : tile<256xf32>
  %2 = subf %tile, %tile_7  : tile<256xf32>
  %3 = mulf %tile, %tile_7  flush_to_zero : tile<256xf32>
  %4 = divf %1, %2 rounding<approx> flush_to_zero : tile<256xf32>
  %5 = divf %3, %2 rounding<full> : tile<256xf32>
  %6 = divf %3, %tile_7 rounding<positive_inf> : tile<256xf32>
  %7 = remf %tile, %tile_7 : tile<256xf32>
  %cst_0_f32 = constant <f32: 0.000000e+00> : tile<256xf32>
  %8 = cmpf less_than ordered %7, %cst_0_f32 : tile<256xf32> -> tile<256xi1>
  %9 = cmpf less_than ordered %tile_7, %cst_0_f32 : tile<256xf32> -> tile<256xi1>
  %10 = xori %8, %9 : tile<256xi1>
  %11 = cmpf not_equal unordered %7, %cst_0_f32 : tile<256xf32> -> tile<256xi1>
  %12 = andi %10, %11 : tile<256xi1>
  %13 = addf %7, %tile_7  : tile<256xf32>
  %14 = select %12, %13, %7 : tile<256xi1>, tile<256xf32>
  %reshape = reshape %arg9 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<256xf32>
  %15 = fma %tile, %bcast, %tile_7  : tile<256xf32>
  %16 = maxf %4, %5 propagate_nan : tile<256xf32>
  %17 = minf %6, %14 flush_to_zero : tile<256xf32>
  %18 = absf %15 : tile<256xf32>
  %19 = negf %18 : tile<256xf32>
  %20 = addf %16, %17  : tile<256xf32>
  %21 = addf %20, %19  : tile<256xf32>
  %pview_9 = make_partition_view %tview_5 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %22 = store_view_tko weak %21, %pview_9[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
