// expect: TILE008 line 9
// rule: continue passes the next value of each loop-carried variable, of that variable's type (op-for.md: 'the type of the i-th return value is that of the i-th loop carried variable'); here an f32 is passed for a tile<i32> iter_value.
cuda_tile.module @m {
  entry @k() {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %f = constant <f32: 1.0> : tile<f32>
    %r = for %i in (%c0 to %c1, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      continue %f : tile<f32>
    }
    return
  }
}
