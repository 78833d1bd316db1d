// expect: TILE007 line 4
// rule: a global is a one-dimensional allocation: its value must be a 1-d tile, here a rank-0 tile<i32> (op-global.md description; the cuda_tile verifier: type must have rank 1).
cuda_tile.module @m {
  global private @count <i32: 0> : tile<i32>
  entry @k() {
    return
  }
}
