// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %q = exp10 %a : tile<4xf32>
    %s = addf %q, %missing : tile<4xf32>
    %b = arith.addf %a, %a : tile<4xf32>
    return
  }
}
