// expect: TILE003 line 6
// rule: `get_global @nope` refers to a symbol that no `global` in the module defines (op-get_global.md: it returns a pointer to a declared global).
cuda_tile.module @m {
  global @table <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>
  entry @k() {
    %p = get_global @nope : tile<ptr<f32>>
    return
  }
}
