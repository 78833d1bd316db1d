// expect: TILE017 line 4
// rule: a global's alignment must be at least the size of its element type: 4 bytes for f64 is too small (cuda_tile verifier: at least the natural size).
cuda_tile.module @m {
  global @g alignment = 4 <f64: [1.0, 2.0]> : tile<2xf64>
  entry @k() {
    return
  }
}
