// expect: TILE014 line 6
// rule: continue returns control to the innermost enclosing for or loop (op-continue.md); inside an if that is not within any loop there is none.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    if %flag {
      continue
    }
    return
  }
}
