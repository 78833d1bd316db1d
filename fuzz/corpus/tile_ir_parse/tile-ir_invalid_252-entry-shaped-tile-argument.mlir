// expect: TILE007 line 4
// rule: entry arguments are rank-0 tiles of numbers or pointers (spec-db rule scalar-arguments; tileiras 13.5: "entry op must have scalar types"); a tile<64xf32> argument is passed through a pointer instead.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %xs: tile<64xf32>) {
    return
  }
}
