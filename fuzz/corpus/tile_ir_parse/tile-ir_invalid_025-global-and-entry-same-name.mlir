// expect: TILE004 line 5
// rule: The entry `@data` collides with the global `@data`; globals and entries share the module symbol table (op-global.md).
cuda_tile.module @m {
  global @data <i32: [0, 0, 0, 0]> : tile<4xi32>
  entry @data() {
    return
  }
}
