// expect: TILE001 line 6
// rule: exti must say how it extends (signed / unsigned); without it the op is a syntax error at the `:` (op-exti.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i8: 1> : tile<i8>
    %x = exti %c : tile<i8> -> tile<i16>
    return
  }
}
