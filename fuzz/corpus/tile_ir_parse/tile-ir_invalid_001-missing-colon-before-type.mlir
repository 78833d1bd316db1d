// expect: TILE001 line 7
// rule: The result type of addf must follow a ':' (assembly format of op-addf.md ends in `attr-dict ':' type($result)`); here the type follows the operands directly.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: 2.0> : tile<4xf32>
    %s = addf %a, %b tile<4xf32>
    return
  }
}
