// valid: conversions: bitcast, exti/trunci (incl. i4), ftof (incl. f8E8M0FNU with zero/positive_inf rounding), ftoi, itof, pack/unpack, pointer <-> integer casts
cuda_tile.module @conversions {
  // Quantize an f32 tile to fp8 and int8, then dequantize.
  entry @quantize(%in: tile<ptr<f32>>, %out8: tile<ptr<i8>>, %outf: tile<ptr<f32>>) {
    %tin = make_tensor_view %in, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pin = make_partition_view %tin : partition_view<tile=(16x64), tensor_view<64x64xf32, strides=[64,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %c0 = constant <i32: 0> : tile<i32>
    %x, %t0 = load_view_tko weak %pin[%bx, %c0] : partition_view<tile=(16x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x64xf32>, token

    // fp8 round trip.
    %x16 = ftof %x : tile<16x64xf32> -> tile<16x64xf16>
    %xbf = ftof %x rounding<nearest_even> : tile<16x64xf32> -> tile<16x64xbf16>
    %x8 = ftof %x16 : tile<16x64xf16> -> tile<16x64xf8E4M3FN>
    %x5 = ftof %xbf : tile<16x64xbf16> -> tile<16x64xf8E5M2>
    %back = ftof %x8 : tile<16x64xf8E4M3FN> -> tile<16x64xf32>
    %back5 = ftof %x5 : tile<16x64xf8E5M2> -> tile<16x64xf64>

    // Power-of-two scales in f8E8M0FNU (only zero / positive_inf rounding).
    %sc_up = ftof %x rounding<positive_inf> : tile<16x64xf32> -> tile<16x64xf8E8M0FNU>
    %sc_dn = ftof %x16 rounding<zero> : tile<16x64xf16> -> tile<16x64xf8E8M0FNU>
    %sc32 = ftof %sc_up : tile<16x64xf8E8M0FNU> -> tile<16x64xf32>

    // int8 quantization through i32.
    %scale = constant <f32: 127.0> : tile<16x64xf32>
    %xs = mulf %x, %scale : tile<16x64xf32>
    %q32 = ftoi %xs signed : tile<16x64xf32> -> tile<16x64xi32>
    %q8 = trunci %q32 overflow<no_signed_wrap> : tile<16x64xi32> -> tile<16x64xi8>
    %q16 = exti %q8 signed : tile<16x64xi8> -> tile<16x64xi16>
    %deq = itof %q16 signed : tile<16x64xi16> -> tile<16x64xf32>
    %u = ftoi %back unsigned : tile<16x64xf32> -> tile<16x64xi16>
    %uf = itof %u unsigned rounding<nearest_even> : tile<16x64xi16> -> tile<16x64xf64>
    %sum64 = addf %uf, %back5 : tile<16x64xf64>
    %sum32 = ftof %sum64 : tile<16x64xf64> -> tile<16x64xf32>
    %r0 = addf %deq, %sum32 : tile<16x64xf32>
    %r1 = addf %r0, %sc32 : tile<16x64xf32>

    %to8 = make_tensor_view %out8, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %po8 = make_partition_view %to8 : partition_view<tile=(16x64), tensor_view<64x64xi8, strides=[64,1]>>
    %t1 = store_view_tko weak %q8, %po8[%bx, %c0] token = %t0
      : tile<16x64xi8>, partition_view<tile=(16x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> token
    %tof = make_tensor_view %outf, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pof = make_partition_view %tof : partition_view<tile=(16x64), tensor_view<64x64xf32, strides=[64,1]>>
    %t2 = store_view_tko weak %r1, %pof[%bx, %c0] token = %t1
      : tile<16x64xf32>, partition_view<tile=(16x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }

  // Bit-level reinterpretation, byte packing and 4-bit integers.
  entry @bits_and_bytes(%out: tile<ptr<i8>>) {
    %f = constant <f32: [1.0, -2.0, 0.5, 3.0]> : tile<4xf32>
    %bits = bitcast %f : tile<4xf32> -> tile<4xi32>
    %sign = constant <i32: -2147483648> : tile<4xi32>
    %flip = xori %bits, %sign : tile<4xi32>
    %negated = bitcast %flip : tile<4xi32> -> tile<4xf32>
    %h = constant <f16: 1.0> : tile<64xf16>
    %hb = bitcast %h : tile<64xf16> -> tile<64xbf16>
    %bytes = pack %negated : tile<4xf32> -> tile<16xi8>
    %hbytes = pack %hb : tile<64xbf16> -> tile<128xi8>
    %again = unpack %hbytes : tile<128xi8> -> tile<64xf16>
    %wide = unpack %hbytes : tile<128xi8> -> tile<16xi64>

    // i4 values: extend, compute, truncate, pack two per byte.
    %nib = constant <i8: [1, 2, 3, 4, 5, 6, 7, 0]> : tile<8xi8>
    %n4 = trunci %nib : tile<8xi8> -> tile<8xi4>
    %n16 = exti %n4 unsigned : tile<8xi4> -> tile<8xi16>
    %p4 = pack %n4 : tile<8xi4> -> tile<4xi8>
    %u4 = unpack %p4 : tile<4xi8> -> tile<8xi4>
    %fp4 = ftof %again : tile<64xf16> -> tile<64xf4E2M1FN>
    %fp4b = pack %fp4 : tile<64xf4E2M1FN> -> tile<32xi8>

    %base1 = reshape %out : tile<ptr<i8>> -> tile<1xptr<i8>>
    %base = broadcast %base1 : tile<1xptr<i8>> -> tile<16xptr<i8>>
    %lane = iota : tile<16xi32>
    %ptrs = offset %base, %lane : tile<16xptr<i8>>, tile<16xi32> -> tile<16xptr<i8>>
    %t0 = store_ptr_tko weak %ptrs, %bytes : tile<16xptr<i8>>, tile<16xi8> -> token
    %addrs = ptr_to_int %ptrs : tile<16xptr<i8>> -> tile<16xi64>
    %again_ptrs = int_to_ptr %addrs : tile<16xi64> -> tile<16xptr<i8>>
    %as_i32 = ptr_to_ptr %again_ptrs : tile<16xptr<i8>> -> tile<16xptr<i32>>
    return
  }
}
