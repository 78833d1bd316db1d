// expect: TILE007 line 5
// rule: iota generates a 1-d tile (op-iota.md); for a 2-d index grid, iota a row and broadcast it.
cuda_tile.module @m {
  entry @k() {
    %i = iota : tile<16x16xi32>
    return
  }
}
