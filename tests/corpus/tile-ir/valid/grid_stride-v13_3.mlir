entry @grid_stride(%arg0: tile<ptr<i32>>, %arg1: tile<i64>, %arg2: tile<i64>, %arg3: tile<ptr<i32>>, %arg4: tile<i64>, %arg5: tile<i64>, %arg6: tile<i64>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_0 = constant <i64: 1> : tile<i64>
  %cst_1_i32 = constant <i32: 1> : tile<256xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i64>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i64> -> tensor_view<?xi32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i64>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i64> -> tensor_view<?xi32, strides=[1]>
  %cst_256_i64 = constant <i64: 256> : tile<i64>
  %1 = divi %arg6, %cst_256_i64 signed rounding<positive_inf> : tile<i64>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
  %2 = exti %blockId_x signed : tile<i32> -> tile<i64>
  %3 = exti %gridSize_x signed : tile<i32> -> tile<i64>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  for %loopIdx in (%2 to %1, step %3) : tile<i64> {
    %tile, %result_token = load_view_tko weak %pview[%loopIdx] token = %0 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i64> -> tile<256xi32>, token
    %4 = addi %tile, %cst_1_i32 : tile<256xi32>
    %5 = store_view_tko weak %4, %pview_3[%loopIdx] token = %0 : tile<256xi32>, partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i64> -> token
  }
  return
}
