// expect: TILE005 line 11
// rule: continue writes tile<i32> for `%next`, which is defined as tile<i64> (continue lists the types of its operands, op-continue.md).
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %wide = constant <i64: 7> : tile<i64>
    %r = for %i in (%c0 to %c4, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %next = addi %wide, %wide : tile<i64>
      continue %next : tile<i32>
    }
    return
  }
}
