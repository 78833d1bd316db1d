// expect: TILE006 line 7
// rule: The loop declares one result (tile<f32>) but break yields two values (op-loop.md: the loop produces one result per value given to break).
cuda_tile.module @m {
  entry @k() {
    %z = constant <f32: 0.0> : tile<f32>
    %res = loop iter_values(%acc = %z) : tile<f32> -> tile<f32> {
      break %acc, %acc : tile<f32>, tile<f32>
    }
    return
  }
}
