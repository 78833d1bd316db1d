// expect: TILE008 line 6
// rule: cmpi's result is a tile of i1 with the operands' shape (op-cmpi.md: TypesMatchWith(lhs -> result), "Result type has i1 element type and same shape as operands").
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 1> : tile<4xi32>
    %c = cmpi equal %x, %x, signed : tile<4xi32> -> tile<8xi1>
    return
  }
}
