// expect: TILE016 line 6 warning
// rule: f8E4M3FN has no infinity: its largest value is 448 and 480.0 rounds to NaN (the parser accepts it; a warning) (op-constant.md, DenseConstant).
cuda_tile.module @m {
  entry @k() {
    %z = constant <i32: 0> : tile<i32>
    %c = constant <f8E4M3FN: 480.0> : tile<4xf8E4M3FN>
    return
  }
}
