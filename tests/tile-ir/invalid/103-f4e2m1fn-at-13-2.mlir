// expect: TILE012 line 7
// rule: The f4E2M1FN element type exists since Tile IR 13.3 (types.md#element-types); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %h = constant <f16: 0.5> : tile<8xf16>
    %q = ftof %h : tile<8xf16> -> tile<8xf4E2M1FN>
    return
  }
}
