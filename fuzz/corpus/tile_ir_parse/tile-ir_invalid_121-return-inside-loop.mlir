// expect: TILE014 line 6
// rule: return cannot be used directly inside a loop body to end the kernel (op-return.md warning; op-loop.md: 'Early returns from inside loops are not supported').
cuda_tile.module @m {
  entry @k() {
    loop {
      return
    }
    return
  }
}
