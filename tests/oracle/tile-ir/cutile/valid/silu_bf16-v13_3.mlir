entry @silu_bf16(%arg0: tile<ptr<bf16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<bf16>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xbf16, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> tile<128xbf16>, token
  %1 = ftof %tile  : tile<128xbf16> -> tile<128xf32>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %2 = negf %1 : tile<128xf32>
  %3 = exp %2  : tile<128xf32>
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %4 = addf %bcast, %3  : tile<128xf32>
  %5 = divf %1, %4  : tile<128xf32>
  %6 = ftof %5  : tile<128xf32> -> tile<128xbf16>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>
  %7 = store_view_tko weak %6, %pview_3[%blockId_x] token = %0 : tile<128xbf16>, partition_view<tile=(128), tensor_view<?xbf16, strides=[1]>>, tile<i32> -> token
  return
}
