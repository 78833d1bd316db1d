entry @bitcast_ops(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_2147483647_i32 = constant <i32: 2147483647> : tile<128xi32>
  %cst_31_i32 = constant <i32: 31> : tile<128xi32>
  %cst_30_i32 = constant <i32: 30> : tile<128xi32>
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = bitcast %tile : tile<128xf32> -> tile<128xi32>
  %2 = andi %1, %cst_2147483647_i32 : tile<128xi32>
  %3 = shri %1, %cst_31_i32 unsigned : tile<128xi32>
  %4 = shli %3, %cst_30_i32 : tile<128xi32>
  %5 = ori %2, %4 : tile<128xi32>
  %6 = bitcast %5 : tile<128xi32> -> tile<128xi32>
  %7 = exti %6 signed : tile<128xi32> -> tile<128xi64>
  %8 = shri %7, %cst_1_i64 signed : tile<128xi64>
  %9 = trunci %8 : tile<128xi64> -> tile<128xi32>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %10 = store_view_tko weak %9, %pview_3[%blockId_x] token = %0 : tile<128xi32>, partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
