// expect: TILE009 line 7
// rule: The mmaf Supported Data Types table maps f64 inputs to f64 output only (op-mmaf.md); an f32 accumulator is given.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f64: 1.0> : tile<8x8xf64>
    %c = constant <f32: 0.0> : tile<8x8xf32>
    %d = mmaf %a, %a, %c : tile<8x8xf64>, tile<8x8xf64>, tile<8x8xf32>
    return
  }
}
