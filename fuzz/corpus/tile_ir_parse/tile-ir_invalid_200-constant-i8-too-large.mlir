// expect: TILE016 line 6
// rule: an i8 literal takes -128 to 255 (the signed and unsigned ranges of 8 bits, as the cuda_tile parser reads dense constants); 300 needs 9 bits (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <i8: 300> : tile<4xi8>
    return
  }
}
