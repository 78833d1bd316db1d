// expect: TILE003 line 9
// rule: `%acc` names the loop-carried block argument of `loop`; outside the loop only the loop results (here `%res`) are visible (op-loop.md).
cuda_tile.module @m {
  entry @k() {
    %zero = constant <f32: 0.0> : tile<f32>
    %res = loop iter_values(%acc = %zero) : tile<f32> -> tile<f32> {
      break %acc : tile<f32>
    }
    %twice = addf %acc, %res : tile<f32>
    return
  }
}
