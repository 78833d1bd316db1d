// expect: TILE004 line 5
// rule: Two globals are named `@lut`; global names are module-wide unique symbols (op-global.md: 'must not collide with any other symbol in the module').
cuda_tile.module @m {
  global @lut <f32: [1.0, 2.0]> : tile<2xf32>
  global @lut <f32: [3.0, 4.0]> : tile<2xf32>
  entry @k() {
    return
  }
}
