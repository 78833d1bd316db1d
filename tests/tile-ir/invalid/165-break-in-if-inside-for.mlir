// expect: TILE014 line 10
// rule: break leaves the innermost enclosing loop, which must be a loop (op-break.md: 'a terminator operation of a cuda_tile.loop'); a for cannot terminate early (op-for.md).
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    for %i in (%c0 to %c8, step %c1) : tile<i32> {
      if %flag {
        break
      }
      continue
    }
    return
  }
}
