entry @u32_ops(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<i32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %cst_1_i32_2 = constant <i32: 1> : tile<128xi32>
  %cst_5_i32 = constant <i32: 5> : tile<128xi32>
  %cst_3_i32 = constant <i32: 3> : tile<128xi32>
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
  %1 = ori %tile_8, %cst_1_i32_2 : tile<128xi32>
  %2 = remi %tile, %1 unsigned : tile<128xi32>
  %cst_0_i32 = constant <i32: 0> : tile<128xi32>
  %3 = cmpi less_than %2, %cst_0_i32, unsigned : tile<128xi32> -> tile<128xi1>
  %4 = cmpi less_than %1, %cst_0_i32, unsigned : tile<128xi32> -> tile<128xi1>
  %5 = xori %3, %4 : tile<128xi1>
  %6 = cmpi not_equal %2, %cst_0_i32, unsigned : tile<128xi32> -> tile<128xi1>
  %7 = andi %5, %6 : tile<128xi1>
  %8 = addi %2, %1 : tile<128xi32>
  %9 = select %7, %8, %2 : tile<128xi1>, tile<128xi32>
  %10 = muli %tile, %1 : tile<128xi32>
  %11 = addi %9, %10 : tile<128xi32>
  %12 = shri %11, %cst_5_i32 unsigned : tile<128xi32>
  %13 = maxi %tile, %1 unsigned : tile<128xi32>
  %14 = addi %12, %13 : tile<128xi32>
  %15 = mini %tile, %1 unsigned : tile<128xi32>
  %16 = subi %14, %15 : tile<128xi32>
  %17 = cmpi greater_than %tile, %1, unsigned : tile<128xi32> -> tile<128xi1>
  %18 = muli %16, %cst_3_i32 : tile<128xi32>
  %19 = select %17, %16, %18 : tile<128xi1>, tile<128xi32>
  %pview_10 = make_partition_view %tview_6 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %20 = store_view_tko weak %19, %pview_10[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
