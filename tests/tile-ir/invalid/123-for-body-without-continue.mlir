// expect: TILE014 line 8
// rule: The body of a for with iter_values must end in continue with the next values (op-for.md: 'must be terminated by a cuda_tile.continue'); here the block has no terminator. Reported at the for op.
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %r = for %i in (%c0 to %c8, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %n = addi %acc, %i : tile<i32>
    }
    return
  }
}
