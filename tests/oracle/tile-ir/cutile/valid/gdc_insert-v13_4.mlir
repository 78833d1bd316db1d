entry @gdc_insert(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %1 = gdc_wait_tko token = %0 -> token
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %2 = join_tokens %0, %1 : token
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32] token = %2 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %3 = join_tokens %0, %result_token : token
  %4 = join_tokens %1, %3 : token
  %5 = gdc_launch_dependents_tko token = %4 -> token
  %cst_0_i32_3 = constant <i32: 0> : tile<i32>
  %6 = exp2 %tile : tile<128xf32>
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
  %reshape = reshape %cst_2_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<128xf32>
  %7 = addf %tile, %bcast  : tile<128xf32>
  %8 = rsqrt %7 : tile<128xf32>
  %9 = mulf %6, %8  : tile<128xf32>
  %pview_4 = make_partition_view %tview_2 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %10 = join_tokens %0, %5, %1 : token
  %11 = store_view_tko weak %9, %pview_4[%cst_0_i32_3] token = %10 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
