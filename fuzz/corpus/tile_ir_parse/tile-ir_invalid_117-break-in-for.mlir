// expect: TILE014 line 9
// rule: A for body must end in continue and cannot terminate early (op-for.md warning; op-break.md: break's parent is if or loop only).
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    for %i in (%c0 to %c8, step %c1) : tile<i32> {
      break
    }
    return
  }
}
