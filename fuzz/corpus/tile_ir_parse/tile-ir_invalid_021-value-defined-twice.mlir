// expect: TILE004 line 6
// rule: `%a` is defined twice in the same block; an SSA name may be bound only once in a region.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %a = constant <f32: 2.0> : tile<4xf32>
    return
  }
}
