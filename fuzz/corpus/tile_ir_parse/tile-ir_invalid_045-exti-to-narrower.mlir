// expect: TILE007 line 6
// rule: exti converts to a strictly larger integer width (op-exti.md); i32 -> i16 narrows.
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 7> : tile<4xi32>
    %y = exti %x signed : tile<4xi32> -> tile<4xi16>
    return
  }
}
