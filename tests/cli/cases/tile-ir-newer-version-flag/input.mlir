cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_token : token
    %w = gdc_wait_tko token = %t -> token
    %a = constant <f32: 1.0> : tile<128xf32>
    %e = constant <i32: 3> : tile<128xi32>
    %r = fpowi %a, %e : tile<128xf32>, tile<128xi32>
    %h = ftof %r rounding<zero> : tile<128xf32> -> tile<128xf16>
    %i = ftoi %a signed  saturating : tile<128xf32> -> tile<128xi32>
    %x = exp10 %a : tile<128xf32>
    %d = gdc_launch_dependents_tko token = %w -> token
    return
  }
}
