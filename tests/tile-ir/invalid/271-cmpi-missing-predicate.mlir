// expect: TILE001 line 6
// rule: a cmpi without its comparison predicate is a syntax error at the first operand, naming the ComparisonPredicate cases (op-cmpi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i16: 42> : tile<i16>
    %x = cmpi %c, %c, signed : tile<i16> -> tile<i1>
    return
  }
}
