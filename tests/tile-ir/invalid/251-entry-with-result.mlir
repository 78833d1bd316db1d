// expect: TILE014 line 4
// rule: a kernel can not return any value (op-entry.md; spec-db rule no-results): an entry has no result types.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) -> tile<f32> {
    return
  }
}
