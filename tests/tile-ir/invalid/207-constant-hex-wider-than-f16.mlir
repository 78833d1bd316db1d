// expect: TILE016 line 6
// rule: a hexadecimal float literal is a bit pattern that must fit the type's width; 0x1FFFF has 17 bits, f16 has 16 (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f16: 0x1FFFF> : tile<f16>
    return
  }
}
