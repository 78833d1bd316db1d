// expect: TILE005 line 6
// rule: `%i` is defined as tile<i32> but negi states tile<i64> (negi's operand and result share the written type, op-negi.md).
cuda_tile.module @m {
  entry @k() {
    %i = constant <i32: 5> : tile<i32>
    %n = negi %i : tile<i64>
    return
  }
}
