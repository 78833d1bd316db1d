// expect: TILE017 line 5
// rule: assume takes one of the predicates div_by, same_elements and bounded; `divisible_by` is none of them (op-assume.md, AssumePredicate implementers).
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %a = assume divisible_by<16>, %n : tile<i32>
    return
  }
}
