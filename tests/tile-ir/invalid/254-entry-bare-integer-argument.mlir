// expect: TILE007 line 4
// rule: entry arguments are Tile IR tiles (spec-db rule scalar-arguments): a bare MLIR `i32` is an element type, the argument is `tile<i32>`.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: i32) {
    return
  }
}
