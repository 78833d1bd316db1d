// expect: TILE017 line 5
// rule: the lower bound of bounded is at most its upper bound (attributes.md bounded).
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %a = assume bounded<100, 10>, %n : tile<i32>
    return
  }
}
