// expect: TILE016 line 6
// rule: a hexadecimal float literal is a bit pattern and takes no minus sign; -1.0 in f32 is 0xBF800000 (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f32: -0x3F800000> : tile<f32>
    return
  }
}
