// expect: TILE010 line 6
// rule: in the generic form, `#cuda_tile.rounding<…>` must be a RoundingMode case (op-addf.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 1.0> : tile<f32>
    %x = "cuda_tile.addf"(%c, %c) <{rounding_mode = #cuda_tile.rounding<nearest>}> : (tile<f32>, tile<f32>) -> tile<f32>
    return
  }
}
