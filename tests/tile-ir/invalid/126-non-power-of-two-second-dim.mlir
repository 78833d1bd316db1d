// expect: TILE015 line 5
// rule: Every tile dimension must be a power of two (types.md#tile); the second dimension 6 is not.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<4x6xi32>
    return
  }
}
