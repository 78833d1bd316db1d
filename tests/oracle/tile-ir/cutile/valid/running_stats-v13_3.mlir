entry @running_stats(%arg0: tile<ptr<f32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<f32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %cst_1_i32_1 = constant <i32: 1> : tile<128xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %assume_2 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_3 = make_tensor_view %arg3, shape = [%assume_2], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
  %1 = scan %tile dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<128xf32> -> tile<128xf32> 
  (%arg6: tile<f32>, %arg7: tile<f32>) {
    %7 = addf %arg6, %arg7  : tile<f32>
    yield %7 : tile<f32>
  }
  %2 = iota : tile<128xi32>
  %3 = addi %2, %cst_1_i32_1 : tile<128xi32>
  %4 = itof %3 signed  : tile<128xi32> -> tile<128xf32>
  %5 = divf %1, %4  : tile<128xf32>
  %pview_4 = make_partition_view %tview_3 : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
  %6 = store_view_tko weak %5, %pview_4[%blockId_x] token = %0 : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
  return
}
