// valid: embedding-row gather and scatter through a gather_scatter_view (1-D index tile on the sparse dim), sliding windows through a strided_view
cuda_tile.module @gather_scatter {
  // out[i, :] = table[ids[i], :] for 16 ids per tile block; the rows are also scattered back (scaled) into the table.
  entry @embedding_gather(%table: tile<ptr<f32>>, %ids: tile<ptr<i32>>, %out: tile<ptr<f32>>) {
    %tt = make_tensor_view %table, shape = [32768, 256], strides = [256, 1] : tensor_view<32768x256xf32, strides=[256,1]>
    %gv = make_gather_scatter_view %tt
      : gather_scatter_view<tile=(16x256), tensor_view<32768x256xf32, strides=[256,1]>, sparse_dim=0>
    %it = make_tensor_view %ids, shape = [4096], strides = [1] : tensor_view<4096xi32, strides=[1]>
    %ip = make_partition_view %it : partition_view<tile=(16), tensor_view<4096xi32, strides=[1]>>
    %to = make_tensor_view %out, shape = [4096, 256], strides = [256, 1] : tensor_view<4096x256xf32, strides=[256,1]>
    %op = make_partition_view %to : partition_view<tile=(16x256), tensor_view<4096x256xf32, strides=[256,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %rows, %t0 = load_view_tko weak %ip[%bx]
      : partition_view<tile=(16), tensor_view<4096xi32, strides=[1]>>, tile<i32> -> tile<16xi32>, token
    %emb, %t1 = load_view_tko weak %gv[%rows, %c0] token = %t0
      : gather_scatter_view<tile=(16x256), tensor_view<32768x256xf32, strides=[256,1]>, sparse_dim=0>, tile<16xi32>, tile<i32>
      -> tile<16x256xf32>, token
    %t2 = store_view_tko weak %emb, %op[%bx, %c0] token = %t1
      : tile<16x256xf32>, partition_view<tile=(16x256), tensor_view<4096x256xf32, strides=[256,1]>>, tile<i32> -> token
    %half = constant <f32: 0.5> : tile<16x256xf32>
    %scaled = mulf %emb, %half : tile<16x256xf32>
    %t3 = store_view_tko weak %scaled, %gv[%rows, %c0] token = %t2
      : tile<16x256xf32>, gather_scatter_view<tile=(16x256), tensor_view<32768x256xf32, strides=[256,1]>, sparse_dim=0>, tile<16xi32>, tile<i32>
      -> token
    return
  }

  // 1-D moving sum: windows of 8 elements that advance by 4 (overlapping tiles).
  entry @window_sums(%sig: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %ts = make_tensor_view %sig, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %sv = make_strided_view %ts
      : strided_view<tile=(8), traversal_strides=[4], padding_value = zero, tensor_view<1024xf32, strides=[1]>>
    %nwin = get_index_space_shape %sv
      : strided_view<tile=(8), traversal_strides=[4], padding_value = zero, tensor_view<1024xf32, strides=[1]>> -> tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %inside = cmpi less_than %bx, %nwin, unsigned : tile<i32> -> tile<i1>
    assert %inside, "window index outside the strided view index space" : tile<i1>
    %w, %t0 = load_view_tko weak %sv[%bx]
      : strided_view<tile=(8), traversal_strides=[4], padding_value = zero, tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    %s = reduce %w dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32>
    (%e: tile<f32>, %acc: tile<f32>) {
      %a = addf %e, %acc : tile<f32>
      yield %a : tile<f32>
    }
    %dst = offset %out, %bx : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %t1 = store_ptr_tko weak %dst, %s token=%t0 : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // 2-D strided view with a transposed dim_map, queried with get_tensor_shape.
  entry @strided_2d(%m: tile<ptr<f16>>) {
    %tm = make_tensor_view %m, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %rows, %cols = get_tensor_shape %tm : tensor_view<64x32xf16, strides=[32,1]> -> tile<i64>
    %sv = make_strided_view %tm
      : strided_view<tile=(4x8), traversal_strides=[8,2], tensor_view<64x32xf16, strides=[32,1]>, dim_map=[1, 0]>
    %c1 = constant <i32: 1> : tile<i32>
    %blk, %t0 = load_view_tko weak %sv[%c1, %c1]
      : strided_view<tile=(4x8), traversal_strides=[8,2], tensor_view<64x32xf16, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x8xf16>, token
    %neg = negf %blk : tile<4x8xf16>
    %t1 = store_view_tko weak %neg, %sv[%c1, %c1] token = %t0
      : tile<4x8xf16>, strided_view<tile=(4x8), traversal_strides=[8,2], tensor_view<64x32xf16, strides=[32,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
}
