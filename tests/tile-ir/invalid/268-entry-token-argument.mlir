// expect: TILE007 line 4 warning
// rule: entry arguments are rank-0 tiles of numbers or pointers (spec-db rule scalar-arguments); a token cannot come from the host, a kernel makes its own with make_token.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %t: token) {
    return
  }
}
