// valid: half-precision ops with modifiers the tables mark "yes*" (supported, emulated in f32); no errors, one TILE011 hint per line listed below
// hint: TILE011 line 15
// hint: TILE011 line 16
// hint: TILE011 line 17
// hint: TILE011 line 18
// hint: TILE011 line 19
// hint: TILE011 line 20
// hint: TILE011 line 21
// hint: TILE011 line 22
cuda_tile.module @emulated {
  entry @half_precision_rounding(%p: tile<ptr<bf16>>, %q: tile<ptr<f16>>) {
    %b, %t0 = load_ptr_tko weak %p : tile<ptr<bf16>> -> tile<bf16>, token
    %h, %t1 = load_ptr_tko weak %q : tile<ptr<f16>> -> tile<f16>, token
    %two_h = constant <f16: 2.0> : tile<f16>
    %b1 = addf %b, %b rounding<zero> : tile<bf16>
    %h1 = subf %h, %two_h rounding<negative_inf> : tile<f16>
    %b2 = mulf %b1, %b1 rounding<positive_inf> : tile<bf16>
    %h2 = fma %h1, %h1, %two_h rounding<zero> : tile<f16>
    %h3 = divf %h2, %two_h rounding<nearest_even> : tile<f16>
    %b3 = sqrt %b2 rounding<zero> : tile<bf16>
    %h4 = exp %h3 rounding<full> : tile<f16>
    %b4 = tanh %b3 rounding<full> : tile<bf16>
    %t2 = store_ptr_tko weak %p, %b4 token=%t0 : tile<ptr<bf16>>, tile<bf16> -> token
    %t3 = store_ptr_tko weak %q, %h4 token=%t1 : tile<ptr<f16>>, tile<f16> -> token
    return
  }
}
