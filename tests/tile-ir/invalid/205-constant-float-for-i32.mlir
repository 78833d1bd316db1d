// expect: TILE016 line 6
// rule: an integer constant takes integer literals; 2.5 is a float literal (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i32: 2.5> : tile<8xi32>
    return
  }
}
