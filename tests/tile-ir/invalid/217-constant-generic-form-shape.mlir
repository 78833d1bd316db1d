// expect: TILE016 line 6
// rule: the generic form's dense value has the result's shape: 3 values for a tile of 2 (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = "cuda_tile.constant"() <{value = dense<[1.0, 2.0, 3.0]> : tile<2xf32>}> : () -> !cuda_tile.tile<2xf32>
    return
  }
}
