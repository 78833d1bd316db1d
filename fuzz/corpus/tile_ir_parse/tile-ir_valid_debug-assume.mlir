// valid: debugging and static-information ops: print_tko with and without tokens and arguments, assert, assume with div_by / same_elements / bounded predicates
cuda_tile.module @debugging {
  entry @inspect(%p: tile<ptr<f32>>, %n: tile<i32>, %stride: tile<i64>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %t0 = print_tko "block %d of %d\n", %bx, %gx : tile<i32>, tile<i32> -> token
    %t1 = print_tko "--- start ---\n" token=%t0 -> token

    // Static facts for the optimizer.
    %pa = assume div_by<16>, %p : tile<ptr<f32>>
    %na = assume bounded<1, 4096>, %n : tile<i32>
    %nb = assume div_by<8>, %na : tile<i32>
    %sa = assume bounded<?, 65536>, %stride : tile<i64>
    %lane = iota : tile<16xi32>
    %lanes = assume div_by<1, every 16 along 0>, %lane : tile<16xi32>
    %p1 = reshape %pa : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %p2 = broadcast %p1 : tile<1x1xptr<f32>> -> tile<4x16xptr<f32>>
    %same = assume same_elements<[4, 16]>, %p2 : tile<4x16xptr<f32>>
    %tv = make_tensor_view %pa, shape = [%nb], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tva = assume div_by<32>, %tv : tensor_view<?xf32, strides=[1]>

    %positive = cmpi greater_than %nb, %bx, signed : tile<i32> -> tile<i1>
    assert %positive, "n must exceed the block index" : tile<i1>
    %pv = make_partition_view %tva : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %v, %t2 = load_view_tko weak %pv[%bx] token = %t1 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %t3 = print_tko "values: %f, lanes: %d, stride: %lld\n", %v, %lanes, %sa token=%t2 : tile<16xf32>, tile<16xi32>, tile<i64> -> token
    return
  }
}
