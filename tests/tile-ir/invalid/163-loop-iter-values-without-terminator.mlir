// expect: TILE014 line 6
// rule: every control path of a loop with loop-carried values ends in continue or break passing them (op-loop.md: 'Each control path of the loop must be terminated by' continue or break); the implicit terminator passes none.
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %r = loop iter_values(%v = %z) : tile<i32> -> tile<i32> {
      %n = addi %v, %v : tile<i32>
    }
    return
  }
}
