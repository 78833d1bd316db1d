// expect: TILE010 line 6
// rule: a cmpf ordering that is no ComparisonOrdering case is reported at the keyword (op-cmpf.md, attributes.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    %x = cmpf less_than unorderd %c, %c : tile<f32> -> tile<i1>
    return
  }
}
