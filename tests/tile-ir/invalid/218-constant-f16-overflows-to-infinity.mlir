// expect: TILE016 line 6 warning
// rule: 70000.0 is beyond f16's largest finite value 65504 and rounds to infinity (the parser accepts it; a warning); write 0x7C00 for infinity (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f16: [1.0, 70000.0]> : tile<2xf16>
    return
  }
}
