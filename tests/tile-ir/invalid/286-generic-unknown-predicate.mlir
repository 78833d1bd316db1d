// expect: TILE010 line 6
// rule: in the generic form too, a `#cuda_tile.comparison_predicate<…>` case must be a ComparisonPredicate (op-cmpi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i16: 42> : tile<i16>
    %x = "cuda_tile.cmpi"(%c, %c) {comparison_predicate = #cuda_tile.comparison_predicate<bogus>, signedness = #cuda_tile.signedness<signed>} : (tile<i16>, tile<i16>) -> tile<i1>
    return
  }
}
