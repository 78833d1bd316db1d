// expect: TILE014 line 9
// rule: continue must terminate its block (op-continue.md: 'The operation must terminate its parent basic block'); an op follows it here.
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      continue %acc : tile<i32>
      %n = addi %acc, %i : tile<i32>
    }
    return
  }
}
