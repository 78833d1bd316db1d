// expect: TILE001 line 3
// rule: each `// -----` part is parsed alone: a region the first part leaves open ends with that part (TILE001 there), and the next part is a module of its own, checked as usual.
cuda_tile.module @m {
  entry @k() {
    return
  }

// -----

cuda_tile.module @m {
  entry @k() {
    return
  }
}
