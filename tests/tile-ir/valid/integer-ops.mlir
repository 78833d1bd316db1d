// valid: integer arithmetic, bitwise and comparison ops with overflow and signedness modifiers, plus an int8 mmai GEMM tile (2-D and batched)
cuda_tile.module @integer_ops {
  // Integer hash mixing of block indices.
  entry @hash_mix(%out: tile<ptr<i32>>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    %lane = iota : tile<64xi32>
    %bx1 = reshape %bx : tile<i32> -> tile<1xi32>
    %bxv = broadcast %bx1 : tile<1xi32> -> tile<64xi32>
    %gx1 = reshape %gx : tile<i32> -> tile<1xi32>
    %gxv = broadcast %gx1 : tile<1xi32> -> tile<64xi32>
    %c3 = constant <i32: 3> : tile<64xi32>
    %c7 = constant <i32: 7> : tile<64xi32>
    %c16 = constant <i32: 16> : tile<64xi32>
    %prime = constant <i32: 16777619> : tile<64xi32>
    %mask = constant <i32: 65535> : tile<64xi32>

    %a = addi %bxv, %lane overflow<no_signed_wrap> : tile<64xi32>
    %b = subi %a, %gxv overflow<none> : tile<64xi32>
    %c = muli %b, %prime : tile<64xi32>
    %hi = mulhii %c, %prime : tile<64xi32>
    %d = xori %c, %hi : tile<64xi32>
    %e = shli %d, %c3 overflow<no_wrap> : tile<64xi32>
    %f = shri %e, %c16 unsigned : tile<64xi32>
    %g = shri %e, %c7 signed : tile<64xi32>
    %h = ori %f, %g : tile<64xi32>
    %i = andi %h, %mask : tile<64xi32>
    %q = divi %i, %c7 signed : tile<64xi32>
    %qc = divi %i, %c7 unsigned rounding<positive_inf> : tile<64xi32>
    %qf = divi %i, %c7 signed rounding<negative_inf> : tile<64xi32>
    %r = remi %i, %c7 unsigned : tile<64xi32>
    %n = negi %q overflow<no_signed_wrap> : tile<64xi32>
    %ab = absi %n : tile<64xi32>
    %mx = maxi %ab, %qc signed : tile<64xi32>
    %mn = mini %mx, %qf unsigned : tile<64xi32>
    %s = addi %mn, %r : tile<64xi32>

    %to = make_tensor_view %out, shape = [4096], strides = [1] : tensor_view<4096xi32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<4096xi32, strides=[1]>>
    %t = store_view_tko weak %s, %po[%bx] : tile<64xi32>, partition_view<tile=(64), tensor_view<4096xi32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Narrow and wide integer types.
  entry @widths(%out: tile<ptr<i64>>) {
    %a8 = constant <i8: [1, -2, 3, -4, 5, -6, 7, -8]> : tile<8xi8>
    %b8 = constant <i8: 3> : tile<8xi8>
    %p8 = muli %a8, %b8 overflow<no_unsigned_wrap> : tile<8xi8>
    %a16 = exti %p8 signed : tile<8xi8> -> tile<8xi16>
    %u16 = exti %p8 unsigned : tile<8xi8> -> tile<8xi16>
    %s16 = subi %a16, %u16 : tile<8xi16>
    %w64 = exti %s16 signed : tile<8xi16> -> tile<8xi64>
    %k64 = constant <i64: 1099511627776> : tile<8xi64>
    %sum64 = addi %w64, %k64 : tile<8xi64>
    %flags = cmpi less_than %a8, %b8, signed : tile<8xi8> -> tile<8xi1>
    %tru = constant <i1: true> : tile<8xi1>
    %nflags = xori %flags, %tru : tile<8xi1>
    %both = andi %flags, %nflags : tile<8xi1>
    %zero64 = constant <i64: 0> : tile<8xi64>
    %sel = select %both, %zero64, %sum64 : tile<8xi1>, tile<8xi64>
    %base1 = reshape %out : tile<ptr<i64>> -> tile<1xptr<i64>>
    %base = broadcast %base1 : tile<1xptr<i64>> -> tile<8xptr<i64>>
    %lane = iota : tile<8xi64>
    %ptrs = offset %base, %lane : tile<8xptr<i64>>, tile<8xi64> -> tile<8xptr<i64>>
    %t = store_ptr_tko weak %ptrs, %sel : tile<8xptr<i64>>, tile<8xi64> -> token
    return
  }

  // int8 x int8 -> int32 matrix multiply-accumulate.
  entry @mmai_tile(%out: tile<ptr<i32>>) {
    %a = constant <i8: 2> : tile<32x64xi8>
    %b = constant <i8: -1> : tile<64x16xi8>
    %acc = constant <i32: 0> : tile<32x16xi32>
    %c = mmai %a, %b, %acc signed signed : tile<32x64xi8>, tile<64x16xi8>, tile<32x16xi32>
    %ua = constant <i8: 100> : tile<4x32x64xi8>
    %ub = constant <i8: 7> : tile<4x64x16xi8>
    %uacc = constant <i32: 0> : tile<4x32x16xi32>
    %uc = mmai %ua, %ub, %uacc unsigned signed : tile<4x32x64xi8>, tile<4x64x16xi8>, tile<4x32x16xi32>
    %to = make_tensor_view %out, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xi32, strides=[16,1]>
    %po = make_partition_view %to : partition_view<tile=(32x16), tensor_view<32x16xi32, strides=[16,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %t = store_view_tko weak %c, %po[%c0, %c0]
      : tile<32x16xi32>, partition_view<tile=(32x16), tensor_view<32x16xi32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
