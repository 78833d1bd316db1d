entry @where_nan(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f16>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_80 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<128xf16>, token
  %1 = cmpf not_equal unordered %tile, %tile : tile<128xf16> -> tile<128xi1>
  %2 = absf %tile : tile<128xf16>
  %3 = sqrt %2  : tile<128xf16>
  %cst_0_f16 = constant <f16: 0.000000e+00> : tile<f16>
  %reshape = reshape %cst_0_f16 : tile<f16> -> tile<1xf16>
  %bcast = broadcast %reshape : tile<1xf16> -> tile<128xf16>
  %4 = select %1, %bcast, %3 : tile<128xi1>, tile<128xf16>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>
  %5 = store_view_tko weak %4, %pview_3[%blockId_x] token = %0 : tile<128xf16>, partition_view<tile=(128), tensor_view<?xf16, strides=[1]>>, tile<i32> -> token
  return
}
