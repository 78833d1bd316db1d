// valid: layer normalization written entirely in the long form: cuda_tile.-prefixed op names, !cuda_tile.-prefixed types, #cuda_tile. assume predicates
cuda_tile.module @layernorm_long {
  cuda_tile.entry @layernorm(%x: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %gamma: !cuda_tile.tile<!cuda_tile.ptr<f32>>, %y: !cuda_tile.tile<!cuda_tile.ptr<f32>>) {
    %xa = cuda_tile.assume #cuda_tile.div_by<16>, %x : !cuda_tile.tile<!cuda_tile.ptr<f32>>
    %tx = cuda_tile.make_tensor_view %xa, shape = [512, 256], strides = [256, 1] : !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>
    %ty = cuda_tile.make_tensor_view %y, shape = [512, 256], strides = [256, 1] : !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>
    %px = cuda_tile.make_partition_view %tx : !cuda_tile.partition_view<tile=(8x256), !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>>
    %py = cuda_tile.make_partition_view %ty : !cuda_tile.partition_view<tile=(8x256), !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>>
    %bx, %by, %bz = cuda_tile.get_tile_block_id : !cuda_tile.tile<i32>
    %c0 = cuda_tile.constant <i32: 0> : !cuda_tile.tile<i32>
    %tok = cuda_tile.make_token : !cuda_tile.token
    %v, %t0 = cuda_tile.load_view_tko weak %px[%bx, %c0] token = %tok
      : !cuda_tile.partition_view<tile=(8x256), !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>>, !cuda_tile.tile<i32>
      -> !cuda_tile.tile<8x256xf32>, !cuda_tile.token

    // mean over each row
    %sum = cuda_tile.reduce %v dim=1 identities=[0.000000e+00 : f32] : !cuda_tile.tile<8x256xf32> -> !cuda_tile.tile<8xf32>
    (%e: !cuda_tile.tile<f32>, %acc: !cuda_tile.tile<f32>) {
      %s = cuda_tile.addf %e, %acc : !cuda_tile.tile<f32>
      cuda_tile.yield %s : !cuda_tile.tile<f32>
    }
    %inv_n = cuda_tile.constant <f32: 3.906250e-03> : !cuda_tile.tile<8xf32>
    %mean = cuda_tile.mulf %sum, %inv_n : !cuda_tile.tile<8xf32>
    %mean2 = cuda_tile.reshape %mean : !cuda_tile.tile<8xf32> -> !cuda_tile.tile<8x1xf32>
    %meanb = cuda_tile.broadcast %mean2 : !cuda_tile.tile<8x1xf32> -> !cuda_tile.tile<8x256xf32>
    %centered = cuda_tile.subf %v, %meanb : !cuda_tile.tile<8x256xf32>

    // variance and reciprocal standard deviation
    %sq = cuda_tile.mulf %centered, %centered : !cuda_tile.tile<8x256xf32>
    %var_sum = cuda_tile.reduce %sq dim=1 identities=[0.000000e+00 : f32] : !cuda_tile.tile<8x256xf32> -> !cuda_tile.tile<8xf32>
    (%e2: !cuda_tile.tile<f32>, %acc2: !cuda_tile.tile<f32>) {
      %s2 = cuda_tile.addf %e2, %acc2 : !cuda_tile.tile<f32>
      cuda_tile.yield %s2 : !cuda_tile.tile<f32>
    }
    %eps = cuda_tile.constant <f32: 1.000000e-05> : !cuda_tile.tile<8xf32>
    %var = cuda_tile.fma %var_sum, %inv_n, %eps : !cuda_tile.tile<8xf32>
    %rstd = cuda_tile.rsqrt %var : !cuda_tile.tile<8xf32>
    %rstd2 = cuda_tile.reshape %rstd : !cuda_tile.tile<8xf32> -> !cuda_tile.tile<8x1xf32>
    %rstdb = cuda_tile.broadcast %rstd2 : !cuda_tile.tile<8x1xf32> -> !cuda_tile.tile<8x256xf32>
    %norm = cuda_tile.mulf %centered, %rstdb : !cuda_tile.tile<8x256xf32>

    // scale by gamma (one row, broadcast over the 8 rows)
    %tg = cuda_tile.make_tensor_view %gamma, shape = [256], strides = [1] : !cuda_tile.tensor_view<256xf32, strides=[1]>
    %pg = cuda_tile.make_partition_view %tg : !cuda_tile.partition_view<tile=(256), !cuda_tile.tensor_view<256xf32, strides=[1]>>
    %g, %t1 = cuda_tile.load_view_tko weak %pg[%c0] token = %tok
      : !cuda_tile.partition_view<tile=(256), !cuda_tile.tensor_view<256xf32, strides=[1]>>, !cuda_tile.tile<i32>
      -> !cuda_tile.tile<256xf32>, !cuda_tile.token
    %g2 = cuda_tile.reshape %g : !cuda_tile.tile<256xf32> -> !cuda_tile.tile<1x256xf32>
    %gb = cuda_tile.broadcast %g2 : !cuda_tile.tile<1x256xf32> -> !cuda_tile.tile<8x256xf32>
    %out = cuda_tile.mulf %norm, %gb : !cuda_tile.tile<8x256xf32>
    %tj = cuda_tile.join_tokens %t0, %t1 : !cuda_tile.token
    %t2 = cuda_tile.store_view_tko weak %out, %py[%bx, %c0] token = %tj
      : !cuda_tile.tile<8x256xf32>, !cuda_tile.partition_view<tile=(8x256), !cuda_tile.tensor_view<512x256xf32, strides=[256,1]>>, !cuda_tile.tile<i32>
      -> !cuda_tile.token
    cuda_tile.return
  }
}
