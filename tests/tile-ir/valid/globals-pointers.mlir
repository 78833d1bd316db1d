// valid: module globals (visibility, constant, alignment) read through get_global + load_ptr_tko, masked pointer loads/stores, pointer casts, alloca scratch buffers
cuda_tile.module @globals_and_pointers {
  global private constant @coeffs alignment = 64 <f32: [1.0, 0.5, 0.25, 0.125]> : tile<4xf32>
  global @launches <i32: [0]> : tile<1xi32>
  global public @bias <f32: [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]> : tile<8xf32>

  // x[i] *= coeffs[i] for the first n of 4 elements; counts launches in a global.
  entry @apply_coeffs(%x: tile<ptr<f32>>, %n: tile<i32>) {
    %cp = get_global @coeffs : tile<ptr<f32>>
    %cp1 = reshape %cp : tile<ptr<f32>> -> tile<1xptr<f32>>
    %cpv = broadcast %cp1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %lane = iota : tile<4xi32>
    %cptrs = offset %cpv, %lane : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %coef, %t0 = load_ptr_tko weak %cptrs : tile<4xptr<f32>> -> tile<4xf32>, token

    %x1 = reshape %x : tile<ptr<f32>> -> tile<1xptr<f32>>
    %xv = broadcast %x1 : tile<1xptr<f32>> -> tile<4xptr<f32>>
    %xptrs = offset %xv, %lane : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>
    %n1 = reshape %n : tile<i32> -> tile<1xi32>
    %nv = broadcast %n1 : tile<1xi32> -> tile<4xi32>
    %m = cmpi less_than %lane, %nv, signed : tile<4xi32> -> tile<4xi1>
    %pad = constant <f32: 0.0> : tile<4xf32>
    %vals, %t1 = load_ptr_tko weak %xptrs, %m, %pad token=%t0
      : tile<4xptr<f32>>, tile<4xi1>, tile<4xf32> -> tile<4xf32>, token
    %y = mulf %vals, %coef : tile<4xf32>
    %t2 = store_ptr_tko weak %xptrs, %y, %m token=%t1 : tile<4xptr<f32>>, tile<4xf32>, tile<4xi1> -> token

    %cnt = get_global @launches : tile<ptr<i32>>
    %one = constant <i32: 1> : tile<i32>
    %prev, %t3 = atomic_rmw_tko relaxed device %cnt, add, %one token=%t2 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }

  // Address arithmetic through integers and a reinterpreting pointer cast.
  entry @pointer_casts(%buf: tile<ptr<f32>>) {
    %addr = ptr_to_int %buf : tile<ptr<f32>> -> tile<i64>
    %c16 = constant <i64: 16> : tile<i64>
    %addr2 = addi %addr, %c16 overflow<no_unsigned_wrap> : tile<i64>
    %p2 = int_to_ptr %addr2 : tile<i64> -> tile<ptr<f32>>
    %pi = ptr_to_ptr %p2 : tile<ptr<f32>> -> tile<ptr<i32>>
    %raw, %t0 = load_ptr_tko acquire device %pi : tile<ptr<i32>> -> tile<i32>, token
    %bias = get_global @bias : tile<ptr<f32>>
    %braw = ptr_to_ptr %bias : tile<ptr<f32>> -> tile<ptr<i32>>
    %t1 = store_ptr_tko release device %braw, %raw token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    return
  }

  // Per-thread and shared scratch memory from alloca.
  entry @scratch(%out: tile<ptr<f32>>) {
    %priv = alloca num_elem = 64, alignment = 128 : tile<ptr<f32>>
    %shared = alloca num_elem = 16, alignment = 16 global : tile<ptr<i32>>
    %p1 = reshape %priv : tile<ptr<f32>> -> tile<1xptr<f32>>
    %pv = broadcast %p1 : tile<1xptr<f32>> -> tile<64xptr<f32>>
    %lane = iota : tile<64xi32>
    %ptrs = offset %pv, %lane : tile<64xptr<f32>>, tile<64xi32> -> tile<64xptr<f32>>
    %vals = itof %lane signed : tile<64xi32> -> tile<64xf32>
    %t0 = store_ptr_tko weak %ptrs, %vals : tile<64xptr<f32>>, tile<64xf32> -> token
    %back, %t1 = load_ptr_tko weak %ptrs token=%t0 : tile<64xptr<f32>> -> tile<64xf32>, token
    %zero = constant <i32: 0> : tile<i32>
    %t2 = store_ptr_tko weak %shared, %zero : tile<ptr<i32>>, tile<i32> -> token
    %to = make_tensor_view %out, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %po = make_partition_view %to : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %t3 = store_view_tko weak %back, %po[%zero] token = %t1
      : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
