// expect: TILE016 line 6
// rule: true and false are i1 literals; an i8 constant takes integers (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i8: true> : tile<i8>
    return
  }
}
