entry @rmsnorm(%arg0: tile<ptr<f16>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f16>>, %arg6: tile<i32>, %arg7: tile<i32>, %arg8: tile<ptr<f16>>, %arg9: tile<i32>, %arg10: tile<i32>, %arg11: tile<i32>, %arg12: tile<i32>, %arg13: tile<f32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_3 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_2], strides = [%assume_3, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %assume_4 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_5 = make_tensor_view %arg5, shape = [%assume_4], strides = [1] : tile<i32> -> tensor_view<?xf16, strides=[1]>
  %assume_6 = assume bounded<0, ?>, %arg9 : tile<i32>
  %assume_7 = assume bounded<0, ?>, %arg10 : tile<i32>
  %assume_8 = assume bounded<0, ?>, %arg11 : tile<i32>
  %tview_9 = make_tensor_view %arg8, shape = [%assume_6, %assume_7], strides = [%assume_8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<8x256xf16>, token
  %1 = ftof %tile  : tile<8x256xf16> -> tile<8x256xf32>
  %cst_0_i32_10 = constant <i32: 0> : tile<i32>
  %pview_11 = make_partition_view %tview_5 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>
  %tile_12, %result_token_13 = load_view_tko weak %pview_11[%cst_0_i32_10] token = %0 : partition_view<tile=(256), tensor_view<?xf16, strides=[1]>>, tile<i32> -> tile<256xf16>, token
  %2 = ftof %tile_12  : tile<256xf16> -> tile<256xf32>
  %3 = mulf %1, %1  : tile<8x256xf32>
  %reduce = reduce %3 dim=1 identities=[0.000000e+00 : f32] : tile<8x256xf32> -> tile<8xf32> 
  (%reduce_lhs: tile<f32>, %reduce_rhs: tile<f32>) {
    %11 = addf %reduce_lhs, %reduce_rhs  : tile<f32>
    yield %11 : tile<f32>
  }
  %reshape = reshape %reduce : tile<8xf32> -> tile<8x1xf32>
  %cst_256_f32 = constant <f32: 2.560000e+02> : tile<f32>
  %reshape_14 = reshape %cst_256_f32 : tile<f32> -> tile<1x1xf32>
  %bcast = broadcast %reshape_14 : tile<1x1xf32> -> tile<8x1xf32>
  %4 = divf %reshape, %bcast  : tile<8x1xf32>
  %reshape_15 = reshape %arg13 : tile<f32> -> tile<1x1xf32>
  %bcast_16 = broadcast %reshape_15 : tile<1x1xf32> -> tile<8x1xf32>
  %5 = addf %4, %bcast_16  : tile<8x1xf32>
  %6 = rsqrt %5 : tile<8x1xf32>
  %bcast_17 = broadcast %6 : tile<8x1xf32> -> tile<8x256xf32>
  %7 = mulf %1, %bcast_17  : tile<8x256xf32>
  %reshape_18 = reshape %2 : tile<256xf32> -> tile<1x256xf32>
  %bcast_19 = broadcast %reshape_18 : tile<1x256xf32> -> tile<8x256xf32>
  %8 = mulf %7, %bcast_19  : tile<8x256xf32>
  %cst_0_i32_20 = constant <i32: 0> : tile<i32>
  %9 = ftof %8  : tile<8x256xf32> -> tile<8x256xf16>
  %pview_21 = make_partition_view %tview_9 : partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>
  %10 = store_view_tko weak %9, %pview_21[%blockId_x, %cst_0_i32_20] token = %0 : tile<8x256xf16>, partition_view<tile=(8x256), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
  return
}
