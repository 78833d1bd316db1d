// expect: TILE004 line 5
// rule: `%n` is already bound as an entry argument; an op result cannot reuse the name in the entry body.
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %n = constant <i32: 4> : tile<i32>
    return
  }
}
