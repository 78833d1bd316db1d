entry @int_divmod(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<ptr<i32>>, %arg10: tile<i32>, %arg11: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<i32>
  %cst_1_i32_3 = constant <i32: 1> : tile<128xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_4 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_5 = make_tensor_view %arg3, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_7 = make_tensor_view %arg6, shape = [%assume_6], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_8 = assume bounded<0, ?>, %arg10 : tile<i32>
  %tview_9 = make_tensor_view %arg9, shape = [%assume_8], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_10 = make_partition_view %tview_5 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_11, %result_token_12 = load_view_tko weak %pview_10[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %1 = maxi %tile_11, %cst_1_i32_3 signed : tile<128xi32>
  %2 = divi %tile, %1 signed rounding<negative_inf> : tile<128xi32>
  %pview_13 = make_partition_view %tview_7 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %3 = store_view_tko weak %2, %pview_13[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  %4 = remi %tile, %1 signed : tile<128xi32>
  %cst_0_i32 = constant <i32: 0> : tile<128xi32>
  %5 = cmpi less_than %4, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %6 = cmpi less_than %1, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %7 = xori %5, %6 : tile<128xi1>
  %8 = cmpi not_equal %4, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %9 = andi %7, %8 : tile<128xi1>
  %10 = addi %4, %1 : tile<128xi32>
  %11 = select %9, %10, %4 : tile<128xi1>, tile<128xi32>
  %pview_14 = make_partition_view %tview_9 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %12 = store_view_tko weak %11, %pview_14[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
