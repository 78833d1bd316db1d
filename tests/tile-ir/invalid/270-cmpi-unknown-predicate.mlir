// expect: TILE010 line 6
// rule: a cmpi predicate that is no ComparisonPredicate case is reported at the keyword, naming the allowed cases (op-cmpi.md, attributes.md#comparisonpredicate).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i16: 42> : tile<i16>
    %x = cmpi less_then %c, %c, signed : tile<i16> -> tile<i1>
    return
  }
}
