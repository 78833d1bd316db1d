// expect: TILE005 line 6
// rule: `%a` is defined as tile<4xf32> but addf writes its operand type as tile<8xf32> (addf takes its operand types from the single written type, op-addf.md AllTypesMatch).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addf %a, %a : tile<8xf32>
    return
  }
}
