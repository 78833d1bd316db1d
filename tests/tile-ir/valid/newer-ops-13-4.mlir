// valid: Tile IR 13.4 additions: gdc_wait_tko / gdc_launch_dependents_tko with and without a token, fpowi, insert, memory_fence_alias_tko, ftoi saturating, ftof with the directed roundings tileiras 13.5 takes (f64 to f32, f32 to f16 toward zero, widening), inbounds on load_view_tko / store_view_tko
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %w = gdc_wait_tko token = %t0 -> token
    %w2 = gdc_wait_tko -> token
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %lt = load_view_tko weak %pv[%bx] token = %w inbounds = [true] : partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token
    %e = constant <i32: 3> : tile<128xi32>
    %y = fpowi %x, %e : tile<128xf32>, tile<128xi32>
    %e8 = constant <i8: 2> : tile<128xi8>
    %y16 = ftof %y : tile<128xf32> -> tile<128xf16>
    %z16 = fpowi %y16, %e8 : tile<128xf16>, tile<128xi8>
    %part = constant <f32: 0.5> : tile<32xf32>
    %slot = constant <i32: 1> : tile<i32>
    %z = insert %part, %y[%slot] : tile<32xf32>, tile<128xf32>
    %d = ftof %z rounding<positive_inf> : tile<128xf32> -> tile<128xf64>
    %back = ftof %d rounding<negative_inf> : tile<128xf64> -> tile<128xf32>
    %h = ftof %back rounding<zero> : tile<128xf32> -> tile<128xf16>
    %wide = ftof %z16 rounding<nearest_away> : tile<128xf16> -> tile<128xf32>
    %i = ftoi %wide signed saturating : tile<128xf32> -> tile<128xi32>
    %pr = print_tko "%f %d\0A", %h, %i : tile<128xf16>, tile<128xi32> -> token
    %f = memory_fence_alias_tko %lt
    %st = store_view_tko weak %back, %pv[%bx] token = %f inbounds = [true] : tile<128xf32>, partition_view<tile=(128), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    %all = join_tokens %st, %w2, %pr : token
    %l = gdc_launch_dependents_tko token = %all -> token
    %l2 = gdc_launch_dependents_tko -> token
    return
  }
}
