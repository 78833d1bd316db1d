// valid: floating-point arithmetic and math ops on f32 and f64 with modifiers the tables mark "yes" (rounding, flush_to_zero, approx/full, propagate_nan)
cuda_tile.module @float_math {
  // A smooth activation + polar transform over a 128-element f32 tile.
  entry @activations_f32(%in: tile<ptr<f32>>, %out: tile<ptr<f32>>) {
    %tin = make_tensor_view %in, shape = [8192], strides = [1] : tensor_view<8192xf32, strides=[1]>
    %tout = make_tensor_view %out, shape = [8192], strides = [1] : tensor_view<8192xf32, strides=[1]>
    %pin = make_partition_view %tin : partition_view<tile=(128), tensor_view<8192xf32, strides=[1]>>
    %pout = make_partition_view %tout : partition_view<tile=(128), tensor_view<8192xf32, strides=[1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %x, %t0 = load_view_tko weak %pin[%bx] : partition_view<tile=(128), tensor_view<8192xf32, strides=[1]>>, tile<i32> -> tile<128xf32>, token

    %half = constant <f32: 0.5> : tile<128xf32>
    %one = constant <f32: 1.0> : tile<128xf32>
    %three = constant <f32: 3.0> : tile<128xf32>
    %k = constant <f32: 0.044715> : tile<128xf32>
    // GELU (tanh form): 0.5 * x * (1 + tanh(0.79788 * (x + 0.044715 x^3)))
    %x3 = pow %x, %three : tile<128xf32>
    %inner = fma %k, %x3, %x rounding<nearest_even> : tile<128xf32>
    %c = constant <f32: 0.7978846> : tile<128xf32>
    %arg = mulf %c, %inner flush_to_zero : tile<128xf32>
    %th = tanh %arg rounding<approx> : tile<128xf32>
    %th1 = addf %th, %one flush_to_zero : tile<128xf32>
    %hx = mulf %half, %x rounding<zero> : tile<128xf32>
    %gelu = mulf %hx, %th1 : tile<128xf32>

    // Softplus-ish and logistic pieces.
    %ex = exp %x rounding<approx> : tile<128xf32>
    %e2 = exp2 %x flush_to_zero : tile<128xf32>
    %lp = addf %ex, %one : tile<128xf32>
    %sp = log %lp : tile<128xf32>
    %l2 = log2 %lp : tile<128xf32>
    %nx = negf %x : tile<128xf32>
    %enx = exp %nx : tile<128xf32>
    %den = addf %one, %enx rounding<positive_inf> : tile<128xf32>
    %sig = divf %one, %den rounding<full> : tile<128xf32>
    %sig2 = divf %one, %den flush_to_zero : tile<128xf32>
    %rs = rsqrt %lp flush_to_zero : tile<128xf32>
    %sq = sqrt %lp rounding<approx> : tile<128xf32>
    %sqz = sqrt %lp rounding<zero> flush_to_zero : tile<128xf32>

    // Trigonometry and rounding.
    %sn = sin %x : tile<128xf32>
    %cs = cos %x : tile<128xf32>
    %tn = tan %half : tile<128xf32>
    %sh = sinh %half : tile<128xf32>
    %ch = cosh %half : tile<128xf32>
    %ang = atan2 %sn, %cs : tile<128xf32>
    %fl = floor %ang : tile<128xf32>
    %ce = ceil %ang : tile<128xf32>
    %fr = subf %ce, %fl rounding<negative_inf> flush_to_zero : tile<128xf32>
    %rem = remf %x, %three : tile<128xf32>
    %ab = absf %rem : tile<128xf32>

    %m0 = maxf %gelu, %sp flush_to_zero : tile<128xf32>
    %m1 = minf %m0, %sig propagate_nan : tile<128xf32>
    %m2 = maxf %m1, %sig2 flush_to_zero propagate_nan : tile<128xf32>
    %acc0 = addf %m2, %rs : tile<128xf32>
    %acc1 = addf %acc0, %sq : tile<128xf32>
    %acc2 = addf %acc1, %sqz : tile<128xf32>
    %acc3 = addf %acc2, %l2 : tile<128xf32>
    %acc4 = addf %acc3, %e2 : tile<128xf32>
    %acc5 = fma %tn, %sh, %ch rounding<zero> flush_to_zero : tile<128xf32>
    %acc6 = addf %acc4, %acc5 : tile<128xf32>
    %acc7 = addf %acc6, %fr : tile<128xf32>
    %acc8 = addf %acc7, %ab : tile<128xf32>
    %isnan = cmpf not_equal unordered %acc8, %acc8 : tile<128xf32> -> tile<128xi1>
    %zero = constant <f32: 0.0> : tile<128xf32>
    %res = select %isnan, %zero, %acc8 : tile<128xi1>, tile<128xf32>
    %t1 = store_view_tko weak %res, %pout[%bx] token = %t0
      : tile<128xf32>, partition_view<tile=(128), tensor_view<8192xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  // Double precision: rounding modes are supported natively on f64.
  entry @double_precision(%p: tile<ptr<f64>>) {
    %x, %t0 = load_ptr_tko weak %p : tile<ptr<f64>> -> tile<f64>, token
    %two = constant <f64: 2.0> : tile<f64>
    %a = addf %x, %two rounding<zero> : tile<f64>
    %b = subf %a, %two rounding<negative_inf> : tile<f64>
    %c = mulf %b, %two rounding<positive_inf> : tile<f64>
    %d = divf %c, %two rounding<nearest_even> : tile<f64>
    %e = fma %d, %two, %x rounding<positive_inf> : tile<f64>
    %f = sqrt %e rounding<zero> : tile<f64>
    %g = tanh %f rounding<full> : tile<f64>
    %h = exp %g rounding<full> : tile<f64>
    %i = rsqrt %h : tile<f64>
    %j = atan2 %i, %two : tile<f64>
    %k = pow %j, %two : tile<f64>
    %l = minf %k, %x propagate_nan : tile<f64>
    %m = maxf %l, %two : tile<f64>
    %n = sin %m : tile<f64>
    %o = cosh %n : tile<f64>
    %t1 = store_ptr_tko weak %p, %o token=%t0 : tile<ptr<f64>>, tile<f64> -> token
    return
  }
}
