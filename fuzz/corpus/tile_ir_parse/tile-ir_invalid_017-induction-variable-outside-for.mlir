// expect: TILE003 line 11
// rule: The induction variable `%iv` is a block argument of the for body and does not exist after the loop (op-for.md).
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    for %iv in (%c0 to %c8, step %c1) : tile<i32> {
      continue
    }
    %last = addi %iv, %c1 : tile<i32>
    return
  }
}
