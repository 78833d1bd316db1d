// expect: TILE003 line 6
// rule: `%b` is used on the line before the op that defines it; in a block a value is only visible after its definition.
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<i32>
    %s = addi %a, %b : tile<i32>
    %b = constant <i32: 2> : tile<i32>
    return
  }
}
