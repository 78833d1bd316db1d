// expect: TILE007 line 5
// rule: iota's values 0 .. n-1 must fit the element type (op-iota.md note; spec-db rule count-fits-element-type): 512 elements count to 511, more than an i8 holds.
cuda_tile.module @m {
  entry @k() {
    %i = iota : tile<512xi8>
    return
  }
}
