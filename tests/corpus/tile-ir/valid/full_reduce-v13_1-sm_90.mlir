entry @full_reduce(%arg0: tile<ptr<f64>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>, %arg5: tile<ptr<f64>>, %arg6: tile<i32>, %arg7: tile<i32>) optimization_hints=<sm_90 = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xf64, strides=[?,1]>
  %assume_3 = assume bounded<0, ?>, %arg6 : tile<i32>
  %tview_4 = make_tensor_view %arg5, shape = [%assume_3], strides = [1] : tile<i32> -> tensor_view<?xf64, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(16x16), tensor_view<?x?xf64, strides=[?,1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x, %cst_0_i32] token = %0 : partition_view<tile=(16x16), tensor_view<?x?xf64, strides=[?,1]>>, tile<i32> -> tile<16x16xf64>, token
  %reduce = reduce %tile dim=0 identities=[0.000000e+00] : tile<16x16xf64> -> tile<16xf64> 
  (%reduce_lhs: tile<f64>, %reduce_rhs: tile<f64>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f64>
    yield %2 : tile<f64>
  }
  %reduce_5 = reduce %reduce dim=0 identities=[0.000000e+00] : tile<16xf64> -> tile<f64> 
  (%reduce_lhs: tile<f64>, %reduce_rhs: tile<f64>) {
    %2 = addf %reduce_lhs, %reduce_rhs  : tile<f64>
    yield %2 : tile<f64>
  }
  %reshape = reshape %reduce_5 : tile<f64> -> tile<1xf64>
  %pview_6 = make_partition_view %tview_4 : partition_view<tile=(1), tensor_view<?xf64, strides=[1]>>
  %1 = store_view_tko weak %reshape, %pview_6[%blockId_x] token = %0 : tile<1xf64>, partition_view<tile=(1), tensor_view<?xf64, strides=[1]>>, tile<i32> -> token
  return
}
