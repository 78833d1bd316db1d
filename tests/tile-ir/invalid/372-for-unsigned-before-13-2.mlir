// expect: TILE012 line 10
// rule: `for unsigned` (unsigned comparison of the induction variable, ForOp's unsignedCmp flag) is new in 13.2 (cuTile Python's encoder: "since 13.2"); the induction variable it introduces is still defined.
// version: 13.1
cuda_tile.module @m {
  entry @k() {
    %lb = constant <i32: 0> : tile<i32>
    %ub = constant <i32: 8> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %sum = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %zero) -> (tile<i32>) {
      %next = addi %acc, %iv : tile<i32>
      continue %next : tile<i32>
    }
    return
  }
}
