// expect: TILE007 line 5
// rule: iota's values must fit the element type (op-iota.md): an i1 tile counts to 1 at most, so 4 elements (0 .. 3) do not fit.
cuda_tile.module @m {
  entry @k() {
    %i = iota : tile<4xi1>
    return
  }
}
