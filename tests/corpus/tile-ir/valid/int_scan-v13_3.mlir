entry @int_scan(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%blockId_x] token = %0 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<256xi32>, token
  %1 = scan %tile dim=0 reverse=false identities=[-2147483648 : i32] : tile<256xi32> -> tile<256xi32> 
  (%arg6: tile<i32>, %arg7: tile<i32>) {
    %5 = maxi %arg6, %arg7 signed : tile<i32>
    yield %5 : tile<i32>
  }
  %2 = scan %tile dim=0 reverse=false identities=[0 : i32] : tile<256xi32> -> tile<256xi32> 
  (%arg6: tile<i32>, %arg7: tile<i32>) {
    %5 = addi %arg6, %arg7 : tile<i32>
    yield %5 : tile<i32>
  }
  %3 = addi %2, %1 : tile<256xi32>
  %pview_3 = make_partition_view %tview_2 : partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>
  %4 = store_view_tko weak %3, %pview_3[%blockId_x] token = %0 : tile<256xi32>, partition_view<tile=(256), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
