// expect: TILE001 line 6
// rule: divi must say whether its operands are signed; without it the op is a syntax error at the `:` (op-divi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 7> : tile<i32>
    %x = divi %c, %c : tile<i32>
    return
  }
}
