// expect: TILE001 line 6
// rule: a cmpf that starts with its ordering lacks the predicate before it: reported as missing, not as a misspelt predicate (op-cmpf.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    %x = cmpf ordered %c, %c : tile<f32> -> tile<i1>
    return
  }
}
