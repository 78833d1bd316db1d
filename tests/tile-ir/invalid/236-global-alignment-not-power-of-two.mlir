// expect: TILE017 line 4
// rule: a global's alignment must be a power of two (cuda_tile verifier: 'alignment' must be power of two).
cuda_tile.module @m {
  global @g alignment = 24 <f32: [1.0, 2.0]> : tile<2xf32>
  entry @k() {
    return
  }
}
