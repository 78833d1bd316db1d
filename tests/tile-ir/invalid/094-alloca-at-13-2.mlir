// expect: TILE012 line 6
// rule: alloca was added in Tile IR 13.3 (INDEX.md, op-alloca.md); the file is checked against 13.2.
// version: 13.2
cuda_tile.module @m {
  entry @k() {
    %buf = alloca num_elem = 32, alignment = 64 : tile<ptr<f32>>
    return
  }
}
