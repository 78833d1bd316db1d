// expect: TILE010 line 6
// rule: an overflow flag that is no IntegerOverflow case is reported at the keyword (op-addi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<i32>
    %x = addi %c, %c overflow<no_wrapping> : tile<i32>
    return
  }
}
