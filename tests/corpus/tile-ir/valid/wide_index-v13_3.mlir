entry @wide_index(%arg0: tile<ptr<i16>>, %arg1: tile<i64>, %arg2: tile<i64>, %arg3: tile<i64>, %arg4: tile<i64>, %arg5: tile<ptr<i16>>, %arg6: tile<i64>, %arg7: tile<i64>, %arg8: tile<i64>, %arg9: tile<i64>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i64 = constant <i64: 1> : tile<i64>
  %cst_1_i64_0 = constant <i64: 1> : tile<i64>
  %cst_3_i16 = constant <i16: 3> : tile<16x128xi16>
  %assume = assume bounded<0, ?>, %arg1 : tile<i64>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i64>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i64>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i64> -> tensor_view<?x?xi16, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i64>
  %assume_4 = assume bounded<0, ?>, %arg7 : tile<i64>
  %assume_5 = assume bounded<0, ?>, %arg8 : tile<i64>
  %tview_6 = make_tensor_view %arg5, shape = [%assume_3, %assume_4], strides = [%assume_5, 1] : tile<i64> -> tensor_view<?x?xi16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>>
  %1:2 = get_index_space_shape %pview : partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>> -> tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %2 = exti %blockId_x signed : tile<i32> -> tile<i64>
  %pview_7 = make_partition_view %tview : partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>>
  %3 = exti %blockId_x signed : tile<i32> -> tile<i64>
  %pview_8 = make_partition_view %tview_6 : partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>>
  %for = for %loopIdx in (%cst_0_i32 to %1#1, step %cst_1_i32) : tile<i32> iter_values(%iterArg0 = %0) -> (token) {
    %4 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %tile, %result_token = load_view_tko weak %pview_7[%2, %4] token = %0 : partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>>, tile<i64> -> tile<16x128xi16>, token
    %5 = muli %tile, %cst_3_i16 : tile<16x128xi16>
    %6 = exti %loopIdx signed : tile<i32> -> tile<i64>
    %7 = store_view_tko weak %5, %pview_8[%3, %6] token = %iterArg0 : tile<16x128xi16>, partition_view<tile=(16x128), tensor_view<?x?xi16, strides=[?,1]>>, tile<i64> -> token
    continue %7 : token
  }
  return
}
