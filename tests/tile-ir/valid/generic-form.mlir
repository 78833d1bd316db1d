// valid: MLIR generic operation syntax ("cuda_tile.op"(operands) <{properties}> : (operand types) -> result types) for simple element-wise ops, mixed with the custom form
cuda_tile.module @generic_form {
  entry @saxpy_generic(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {
    %tx = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %ty = make_tensor_view %y, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %px = make_partition_view %tx : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %py = make_partition_view %ty : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %tok = "cuda_tile.make_token"() : () -> !cuda_tile.token
    %xv, %t0 = load_view_tko weak %px[%bx] token = %tok : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %yv, %t1 = load_view_tko weak %py[%bx] token = %tok : partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %alpha = constant <f32: 2.5> : tile<128xf32>

    %ax = "cuda_tile.mulf"(%alpha, %xv) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    %r = "cuda_tile.addf"(%ax, %yv) <{rounding_mode = #cuda_tile.rounding<zero>, flush_to_zero}> : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    %n = "cuda_tile.negf"(%r) : (!cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    %a = "cuda_tile.absf"(%n) : (!cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    %big = "cuda_tile.cmpf"(%a, %r) <{comparison_predicate = #cuda_tile.comparison_predicate<greater_than>, comparison_ordering = #cuda_tile.comparison_ordering<ordered>}> : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xi1>
    %sel = "cuda_tile.select"(%big, %a, %r) : (!cuda_tile.tile<128xi1>, !cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>

    %idx = "cuda_tile.iota"() : () -> !cuda_tile.tile<128xi32>
    %one = constant <i32: 1> : tile<128xi32>
    %idx1 = "cuda_tile.addi"(%idx, %one) <{overflow = #cuda_tile.overflow<no_signed_wrap>}> : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    %even = "cuda_tile.andi"(%idx1, %one) : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi32>
    %zero = constant <i32: 0> : tile<128xi32>
    %is_even = "cuda_tile.cmpi"(%even, %zero) <{comparison_predicate = #cuda_tile.comparison_predicate<equal>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<128xi32>, !cuda_tile.tile<128xi32>) -> !cuda_tile.tile<128xi1>
    %ev = "cuda_tile.maxf"(%sel, %yv) : (!cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>
    %res = "cuda_tile.select"(%is_even, %ev, %sel) : (!cuda_tile.tile<128xi1>, !cuda_tile.tile<128xf32>, !cuda_tile.tile<128xf32>) -> !cuda_tile.tile<128xf32>

    %tj = "cuda_tile.join_tokens"(%t0, %t1) : (!cuda_tile.token, !cuda_tile.token) -> !cuda_tile.token
    %t2 = store_view_tko weak %res, %py[%bx] token = %tj : tile<128xf32>, partition_view<tile=(128), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    "cuda_tile.return"() : () -> ()
  }
}
