// expect: TILE001 line 6
// rule: The tile type `tile<4xi8` is missing its closing '>' before '->' (tile type syntax `tile<shape x element>`, types.md#tile).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i8: 1> : tile<4xi8>
    %y = exti %x signed : tile<4xi8 -> tile<4xi32>
    return
  }
}
