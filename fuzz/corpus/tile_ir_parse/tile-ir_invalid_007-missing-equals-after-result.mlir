// expect: TILE001 line 5
// rule: An op that defines a result must be written `%name = op ...`; the '=' between the result name and `constant` is missing (op-constant.md examples).
cuda_tile.module @m {
  entry @k() {
    %c constant <i32: 0> : tile<i32>
    return
  }
}
