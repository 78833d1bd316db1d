entry @gather_rows(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<ptr<f32>>, %arg7: tile<i32>, %arg8: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i64 = constant <i64: 1> : tile<128xi64>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_2 = assume bounded<0, ?>, %arg7 : tile<i32>
  %tview_3 = make_tensor_view %arg6, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<128xi32>, token
  %cst_f32 = constant <f32: -1.000000e+00> : tile<f32>
  %1 = exti %tile signed : tile<128xi32> -> tile<128xi64>
  %2 = exti %assume signed : tile<i32> -> tile<i64>
  %reshape = reshape %2 : tile<i64> -> tile<1xi64>
  %bcast = broadcast %reshape : tile<1xi64> -> tile<128xi64>
  %3 = cmpi less_than %1, %bcast, unsigned : tile<128xi64> -> tile<128xi1>
  %4 = muli %1, %cst_1_i64 : tile<128xi64>
  %reshape_4 = reshape %arg0 : tile<ptr<f32>> -> tile<1xptr<f32>>
  %bcast_5 = broadcast %reshape_4 : tile<1xptr<f32>> -> tile<128xptr<f32>>
  %5 = offset %bcast_5, %4 : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
  %reshape_6 = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast_7 = broadcast %reshape_6 : tile<1xf32> -> tile<128xf32>
  %result, %result_token_8 = load_ptr_tko weak %5, %3, %bcast_7 token=%0 : tile<128xptr<f32>>, tile<128xi1>, tile<128xf32> -> tile<128xf32>, token
  %pview_9 = make_partition_view %tview_3 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %6 = store_view_tko weak %result, %pview_9[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
