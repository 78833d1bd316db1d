// expect: TILE012 line 4
// rule: the module's producer attribute exists since Tile IR 13.3 (op-module.md).
// version: 13.2
cuda_tile.module @m attributes {producer = "my compiler"} {
  entry @k() {
    return
  }
}
