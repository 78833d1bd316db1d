// expect: TILE008 line 9
// rule: in a loop, continue passes the loop-carried types (before the arrow) and break the result types (after it) (op-loop.md, example 'returns a different type'); here continue passes the f32 result type for an i32 carried value.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %z = constant <i32: 0> : tile<i32>
    %f = constant <f32: 0.0> : tile<f32>
    %r = loop iter_values(%v = %z) : tile<i32> -> tile<f32> {
      if %flag {
        continue %f : tile<f32>
      }
      break %f : tile<f32>
    }
    return
  }
}
