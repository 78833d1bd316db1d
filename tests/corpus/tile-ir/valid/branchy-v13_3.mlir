entry @branchy(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %cst_128_i32 = constant <i32: 128> : tile<i32>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %1 = cmpi equal %arg7, %cst_0_i32, signed : tile<i32> -> tile<i1>
  %2 = if %1 -> (tile<128xf32>) {
    %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
    %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32>
    %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
    %6 = mulf %tile, %bcast  : tile<128xf32>
    yield %6 : tile<128xf32>
  } else {
    %cst_1_i32_4 = constant <i32: 1> : tile<i32>
    %6 = cmpi equal %arg7, %cst_1_i32_4, signed : tile<i32> -> tile<i1>
    %7 = if %6 -> (tile<128xf32>) {
      %8 = exp %tile  : tile<128xf32>
      yield %8 : tile<128xf32>
    } else {
      %cst_0_f32 = constant <f32: 0.000000e+00> : tile<f32>
      %reshape = reshape %cst_0_f32 : tile<f32> -> tile<1xf32>
      %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
      %8 = cmpf greater_than ordered %tile, %bcast : tile<128xf32> -> tile<128xi1>
      %cst_0_f32_5 = constant <f32: 0.000000e+00> : tile<f32>
      %reshape_6 = reshape %cst_0_f32_5 : tile<f32> -> tile<1xf32>
      %bcast_7 = broadcast %reshape_6 : tile<1xf32> -> tile<128xf32>
      %9 = select %8, %tile, %bcast_7 : tile<128xi1>, tile<128xf32>
      yield %9 : tile<128xf32>
    }
    yield %7 : tile<128xf32>
  }
  %3 = muli %blockId_x, %cst_128_i32 : tile<i32>
  %4 = cmpi greater_than_or_equal %3, %arg6, signed : tile<i32> -> tile<i1>
  if %4 {
    return
  } else {
  }
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %5 = store_view_tko weak %2, %pview_3[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
