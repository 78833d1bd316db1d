// expect: TILE017 line 5
// rule: alloca's num_elem must not be negative (op-alloca.md: ConfinedAttr<I64Attr, [IntMinValue<0>]>).
cuda_tile.module @m {
  entry @k() {
    %buf = alloca num_elem = -8, alignment = 16 : tile<ptr<f32>>
    return
  }
}
