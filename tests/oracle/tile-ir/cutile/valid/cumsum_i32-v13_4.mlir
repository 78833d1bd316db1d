entry @cumsum_i32(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<ptr<i32>>, %arg4: tile<i32>, %arg5: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_1_i32_0 = constant <i32: 1> : tile<i32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %assume_1 = assume bounded<0, ?>, %arg4 : tile<i32>
  %tview_2 = make_tensor_view %arg3, shape = [%assume_1], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %pview = make_partition_view %tview : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %tile, %result_token = load_view_tko weak %pview[%cst_0_i32] token = %0 : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<64xi32>, token
  %cst_0_i32_3 = constant <i32: 0> : tile<i32>
  %1 = scan %tile dim=0 reverse=false identities=[0 : i32] : tile<64xi32> -> tile<64xi32> 
  (%arg6: tile<i32>, %arg7: tile<i32>) {
    %3 = addi %arg6, %arg7 : tile<i32>
    yield %3 : tile<i32>
  }
  %pview_4 = make_partition_view %tview_2 : partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>
  %2 = store_view_tko weak %1, %pview_4[%cst_0_i32_3] token = %0 : tile<64xi32>, partition_view<tile=(64), tensor_view<?xi32, strides=[1]>>, tile<i32> -> token
  return
}
