entry @build_tiles(%arg0: tile<ptr<i32>>, %arg1: tile<i32>, %arg2: tile<i32>, %arg3: tile<i32>, %arg4: tile<i32>) optimization_hints=<default = {}> {
  %0 = make_token : token
  %cst_1_i32 = constant <i32: 1> : tile<i32>
  %cst_2_i32 = constant <i32: 2> : tile<16xi32>
  %cst_1_i32_0 = constant <i32: 1> : tile<16xi32>
  %cst_16_i32 = constant <i32: 16> : tile<8x1xi32>
  %assume = assume bounded<0, ?>, %arg1 : tile<i32>
  %assume_1 = assume bounded<0, ?>, %arg2 : tile<i32>
  %assume_2 = assume bounded<0, ?>, %arg3 : tile<i32>
  %tview = make_tensor_view %arg0, shape = [%assume, %assume_1], strides = [%assume_2, 1] : tile<i32> -> tensor_view<?x?xi32, strides=[?,1]>
  %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
  %1 = iota : tile<8xi32>
  %2 = iota : tile<16xi32>
  %3 = muli %2, %cst_2_i32 : tile<16xi32>
  %4 = addi %3, %cst_1_i32_0 : tile<16xi32>
  %reshape = reshape %1 : tile<8xi32> -> tile<8x1xi32>
  %5 = muli %reshape, %cst_16_i32 : tile<8x1xi32>
  %reshape_3 = reshape %4 : tile<16xi32> -> tile<1x16xi32>
  %bcast = broadcast %5 : tile<8x1xi32> -> tile<8x16xi32>
  %bcast_4 = broadcast %reshape_3 : tile<1x16xi32> -> tile<8x16xi32>
  %6 = addi %bcast, %bcast_4 : tile<8x16xi32>
  %cst_1_i32_5 = constant <i32: 1> : tile<8x16xi32>
  %cst_7_i32 = constant <i32: 7> : tile<8x16xi32>
  %reshape_6 = reshape %1 : tile<8xi32> -> tile<8x1xi32>
  %bcast_7 = broadcast %reshape_6 : tile<8x1xi32> -> tile<8x16xi32>
  %cst_0_i32 = constant <i32: 0> : tile<i32>
  %7 = muli %cst_1_i32_5, %cst_7_i32 : tile<8x16xi32>
  %8 = addi %6, %7 : tile<8x16xi32>
  %9 = subi %8, %bcast_7 : tile<8x16xi32>
  %pview = make_partition_view %tview : partition_view<tile=(8x16), tensor_view<?x?xi32, strides=[?,1]>>
  %10 = store_view_tko weak %9, %pview[%blockId_x, %cst_0_i32] token = %0 : tile<8x16xi32>, partition_view<tile=(8x16), tensor_view<?x?xi32, strides=[?,1]>>, tile<i32> -> token
  return
}
