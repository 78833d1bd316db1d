// expect: TILE014 line 5
// rule: global must be directly nested in the module (op-global.md: 'They cannot be defined inside functions').
cuda_tile.module @m {
  entry @k() {
    global @scratch <f32: [0.0, 0.0]> : tile<2xf32>
    return
  }
}
