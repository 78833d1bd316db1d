// expect: TILE016 line 6
// rule: a rank-0 tile holds one value, written without brackets (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i32: [7]> : tile<i32>
    return
  }
}
