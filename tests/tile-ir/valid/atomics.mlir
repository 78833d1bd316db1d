// valid: atomics: histogram with masked atomic_rmw_tko add, a CAS spin lock in a loop, f32 addf and xchg, split-K accumulation with atomic_red_view_tko
cuda_tile.module @atomics {
  // 64-bin histogram of 8192 i32 keys, 256 keys per tile block.
  entry @histogram(%bins: tile<ptr<i32>>, %keys: tile<ptr<i32>>, %n: tile<i32>) {
    %kv = make_tensor_view %keys, shape = [8192], strides = [1] : tensor_view<8192xi32, strides=[1]>
    %kp = make_partition_view %kv : partition_view<tile=(256), tensor_view<8192xi32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %k, %t0 = load_view_tko weak %kp[%bx]
      : partition_view<tile=(256), tensor_view<8192xi32, strides=[1]>>, tile<i32> -> tile<256xi32>, token
    %c63 = constant <i32: 63> : tile<256xi32>
    %bin = andi %k, %c63 : tile<256xi32>
    %base1 = reshape %bins : tile<ptr<i32>> -> tile<1xptr<i32>>
    %base = broadcast %base1 : tile<1xptr<i32>> -> tile<256xptr<i32>>
    %ptrs = offset %base, %bin : tile<256xptr<i32>>, tile<256xi32> -> tile<256xptr<i32>>
    // Only keys below n take part.
    %lane = iota : tile<256xi32>
    %c256 = constant <i32: 256> : tile<i32>
    %first = muli %bx, %c256 : tile<i32>
    %first1 = reshape %first : tile<i32> -> tile<1xi32>
    %firstv = broadcast %first1 : tile<1xi32> -> tile<256xi32>
    %gidx = addi %firstv, %lane : tile<256xi32>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nv = broadcast %n1 : tile<1xi32> -> tile<256xi32>
    %mask = cmpi less_than %gidx, %nv, signed : tile<256xi32> -> tile<256xi1>
    %ones = constant <i32: 1> : tile<256xi32>
    %old, %t1 = atomic_rmw_tko relaxed device %ptrs, add, %ones, %mask token=%t0
      : tile<256xptr<i32>>, tile<256xi32>, tile<256xi1> -> tile<256xi32>, token
    return
  }

  // A spin lock around a scalar f32 counter update.
  entry @locked_increment(%lock: tile<ptr<i32>>, %counter: tile<ptr<f32>>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    loop {
      %prev, %tcas = atomic_cas_tko acquire device %lock, %zero, %one
        : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
      %got = cmpi equal %prev, %zero, signed : tile<i32> -> tile<i1>
      if %got {
        break
      }
      continue
    }
    %fone = constant <f32: 1.0> : tile<f32>
    %oldv, %t1 = atomic_rmw_tko acq_rel device %counter, addf, %fone
      : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %unlocked, %t2 = atomic_rmw_tko release device %lock, xchg, %zero token=%t1
      : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }

  // Split-K GEMM epilogue: each block adds its 64x64 partial result into C.
  entry @splitk_accumulate(%partial: tile<ptr<f32>>, %c: tile<ptr<f32>>, %maxes: tile<ptr<i64>>) {
    %tp = make_tensor_view %partial, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %tc = make_tensor_view %c, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %pp = make_partition_view %tp : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %pc = make_partition_view %tc : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %bm, %bn, %bk = get_tile_block_id : tile<i32>
    %part, %t0 = load_view_tko weak %pp[%bm, %bn]
      : partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> tile<64x64xf32>, token
    %t1 = atomic_red_view_tko relaxed device %pc[%bm, %bn], addf, %part token = %t0
      : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token

    // Integer max reduction into a 1-D i64 view, tile-block scope.
    %tm = make_tensor_view %maxes, shape = [4096], strides = [1] : tensor_view<4096xi64, strides=[1]>
    %pm = make_partition_view %tm : partition_view<tile=(128), tensor_view<4096xi64, strides=[1]>>
    %ids = iota : tile<128xi64>
    %t2 = atomic_red_view_tko relaxed tl_blk %pm[%bk], max, %ids
      : tile<128xi64>, partition_view<tile=(128), tensor_view<4096xi64, strides=[1]>>, tile<i32> -> token
    return
  }
}
