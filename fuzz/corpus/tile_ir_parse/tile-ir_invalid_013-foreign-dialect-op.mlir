// expect: TILE002 line 6
// rule: A cuda_tile module may contain only cuda_tile operations (op-module.md: 'must contain only cuda_tile operations and no other dialects'); `arith.addf` is not one.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = arith.addf %a, %a : tile<4xf32>
    return
  }
}
