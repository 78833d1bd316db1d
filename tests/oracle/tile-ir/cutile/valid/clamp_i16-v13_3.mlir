entry @clamp_i16(%arg0: tile<ptr<i16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i16>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi16, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi16, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi16, strides=[1]>>, tile<i32> -> tile<128xi16>, token
  %1 = exti %tile signed : tile<128xi16> -> tile<128xi32>
  %reshape = reshape %arg6 : tile<i32> -> tile<1xi32>
  %bcast = broadcast %reshape : tile<1xi32> -> tile<128xi32>
  %2 = maxi %1, %bcast signed : tile<128xi32>
  %reshape_3 = reshape %arg7 : tile<i32> -> tile<1xi32>
  %bcast_4 = broadcast %reshape_3 : tile<1xi32> -> tile<128xi32>
  %3 = mini %2, %bcast_4 signed : tile<128xi32>
  %4 = trunci %3 : tile<128xi32> -> tile<128xi16>
  %pview_5 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xi16, strides=[1]>>
  %5 = store_view_tko weak %4, %pview_5[%blockId_x] token = %0 : tile<128xi16>, partition_view<tile=(128), tensor_view<?xi16, strides=[1]>>, tile<i32> -> token
  return
}
