entry @i32_ops(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>, %arg9: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<128xi32>
  %cst_1_i32_2 = constant <i32: 1> : tile<128xi32>
  %cst_3_i32 = constant <i32: 3> : tile<128xi32>
  %cst_2_i32 = constant <i32: 2> : tile<128xi32>
  %cst_255_i32 = constant <i32: 255> : tile<128xi32>
  %cst_7_i32 = constant <i32: 7> : tile<128xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_3 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_4 = make_tensor_view %arg3, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_5 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_6 = make_tensor_view %arg6, shape = [%assume_5], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %pview_7 = make_partition_view %tview_4 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile_8, %result_token_9 = load_view_tko weak %pview_7[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %1 = cmpi equal %tile_8, %cst_0_i32, signed : tile<128xi32> -> tile<128xi1>
  %2 = select %1, %cst_1_i32_2, %tile_8 : tile<128xi1>, tile<128xi32>
  %3 = divi %tile, %2 signed rounding<negative_inf> : tile<128xi32>
  %4 = remi %tile, %2 signed : tile<128xi32>
  %cst_0_i32_10 = constant <i32: 0> : tile<128xi32>
  %5 = cmpi less_than %4, %cst_0_i32_10, signed : tile<128xi32> -> tile<128xi1>
  %6 = cmpi less_than %2, %cst_0_i32_10, signed : tile<128xi32> -> tile<128xi1>
  %7 = xori %5, %6 : tile<128xi1>
  %8 = cmpi not_equal %4, %cst_0_i32_10, signed : tile<128xi32> -> tile<128xi1>
  %9 = andi %7, %8 : tile<128xi1>
  %10 = addi %4, %2 : tile<128xi32>
  %11 = select %9, %10, %4 : tile<128xi1>, tile<128xi32>
  %12 = shli %tile, %cst_3_i32 : tile<128xi32>
  %13 = shri %2, %cst_2_i32 signed : tile<128xi32>
  %14 = xori %12, %13 : tile<128xi32>
  %15 = andi %tile, %cst_255_i32 : tile<128xi32>
  %16 = ori %14, %15 : tile<128xi32>
  %17 = maxi %3, %11 signed : tile<128xi32>
  %reshape = reshape %arg9 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<128xi32>
  %18 = mini %16, %bcast signed : tile<128xi32>
  %19 = muli %18, %cst_7_i32 : tile<128xi32>
  %20 = subi %17, %19 : tile<128xi32>
  %21 = cmpi less_than %tile, %2, signed : tile<128xi32> -> tile<128xi1>
  %reshape_11 = reshape %arg9 : tile<i32> -> tile<1xi32>
  %bcast_12 = broadcast %reshape_11 : tile<1xi32> -> tile<128xi32>
  %22 = cmpi greater_than_or_equal %tile, %bcast_12, signed : tile<128xi32> -> tile<128xi1>
  %23 = ori %21, %22 : tile<128xi1>
  %24 = negi %20 : tile<128xi32>
  %25 = select %23, %20, %24 : tile<128xi1>, tile<128xi32>
  %26 = absi %25 : tile<128xi32>
  %cst_-1_i32 = constant <i32: -1> : tile<128xi32>
  %27 = xori %tile, %cst_-1_i32 : tile<128xi32>
  %28 = addi %26, %27 : tile<128xi32>
  %pview_13 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %29 = store_view_tko weak %28, %pview_13[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
