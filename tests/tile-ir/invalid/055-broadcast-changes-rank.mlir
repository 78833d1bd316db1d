// expect: TILE008 line 6
// rule: broadcast keeps the rank of its source (op-broadcast.md: AllRanksMatch[source, result]; rank changes need reshape first); tile<4xf32> -> tile<4x4xf32> adds a dimension.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = broadcast %x : tile<4xf32> -> tile<4x4xf32>
    return
  }
}
