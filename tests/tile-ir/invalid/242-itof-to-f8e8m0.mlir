// expect: TILE007 line 6
// rule: integers do not convert to f8E8M0FNU with itof (tileiras 13.5: not supported, convert to another float type first; spec-db rule no-e8m0-result); itof to f32 and then ftof with rounding<zero> would do.
cuda_tile.module @m {
  entry @k() {
    %e = constant <i32: 4> : tile<32xi32>
    %s = itof %e unsigned : tile<32xi32> -> tile<32xf8E8M0FNU>
    return
  }
}
