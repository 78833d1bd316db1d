// expect: TILE007 line 5
// rule: iota generates a 1-d tile (op-iota.md, spec-db rule one-dimensional-result); a rank-0 result has no length to count to.
cuda_tile.module @m {
  entry @k() {
    %i = iota : tile<i32>
    return
  }
}
