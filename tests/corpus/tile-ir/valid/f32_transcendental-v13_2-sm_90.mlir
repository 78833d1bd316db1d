entry @f32_transcendental(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<sm_90 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<256xf32>, token
  %1 = exp %tile  : tile<256xf32>
  %2 = exp2 %tile flush_to_zero : tile<256xf32>
  %3 = addf %1, %2  : tile<256xf32>
  %4 = absf %tile : tile<256xf32>
  %cst_1_f32 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape = reshape %cst_1_f32 : tile<f32> -> tile<1xf32>
  %bcast = broadcast %reshape : tile<1xf32> -> tile<256xf32>
  %5 = addf %4, %bcast  : tile<256xf32>
  %6 = log %5 : tile<256xf32>
  %7 = absf %tile : tile<256xf32>
  %cst_2_f32 = constant <f32: 2.000000e+00> : tile<f32>
  %reshape_3 = reshape %cst_2_f32 : tile<f32> -> tile<1xf32>
  %bcast_4 = broadcast %reshape_3 : tile<1xf32> -> tile<256xf32>
  %8 = addf %7, %bcast_4  : tile<256xf32>
  %9 = log2 %8 : tile<256xf32>
  %10 = addf %6, %9  : tile<256xf32>
  %11 = sin %tile : tile<256xf32>
  %12 = cos %tile : tile<256xf32>
  %13 = tan %tile : tile<256xf32>
  %14 = fma %11, %12, %13  : tile<256xf32>
  %15 = sinh %tile : tile<256xf32>
  %16 = cosh %tile : tile<256xf32>
  %17 = subf %15, %16  : tile<256xf32>
  %18 = tanh %tile  : tile<256xf32>
  %19 = addf %17, %18  : tile<256xf32>
  %20 = absf %tile : tile<256xf32>
  %21 = sqrt %20 rounding<approx> : tile<256xf32>
  %22 = absf %tile : tile<256xf32>
  %cst_1_f32_5 = constant <f32: 1.000000e+00> : tile<f32>
  %reshape_6 = reshape %cst_1_f32_5 : tile<f32> -> tile<1xf32>
  %bcast_7 = broadcast %reshape_6 : tile<1xf32> -> tile<256xf32>
  %23 = addf %22, %bcast_7  : tile<256xf32>
  %24 = rsqrt %23 flush_to_zero : tile<256xf32>
  %25 = addf %21, %24  : tile<256xf32>
  %26 = absf %tile : tile<256xf32>
  %cst_f32 = constant <f32: 5.000000e-01> : tile<f32>
  %reshape_8 = reshape %cst_f32 : tile<f32> -> tile<1xf32>
  %bcast_9 = broadcast %reshape_8 : tile<1xf32> -> tile<256xf32>
  %27 = fpowf %26, %bcast_9 : tile<256xf32>
  %28 = atan2 %tile, %3 : tile<256xf32>
  %29 = addf %27, %28  : tile<256xf32>
  %30 = floor %tile : tile<256xf32>
  %31 = ceil %tile : tile<256xf32>
  %32 = addf %30, %31  : tile<256xf32>
  %33 = addf %3, %10  : tile<256xf32>
  %34 = addf %33, %14  : tile<256xf32>
  %35 = addf %34, %19  : tile<256xf32>
  %36 = addf %35, %25  : tile<256xf32>
  %37 = addf %36, %29  : tile<256xf32>
  %38 = addf %37, %32  : tile<256xf32>
  %pview_10 = make_partition_view %tview_2 : partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>
  %39 = store_view_tko weak %38, %pview_10[%blockId_x] token = %0 : tile<256xf32>, partition_view<tile=(256), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
