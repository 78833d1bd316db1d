// expect: TILE018 line 6
// rule: the number of format expressions of print_tko equals the number of operands (op-print_tko.md; spec-db rule format-arg-count); two conversions, one operand.
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 5> : tile<i32>
    %t = print_tko "x=%d y=%d\0A", %x : tile<i32> -> token
    return
  }
}
