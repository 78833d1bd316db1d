// expect: TILE017 line 6
// rule: bounds are read as signed integers, so an i1 tile ranges from -1 to 0 and an upper bound of 1 is out (attributes.md bounded; NVIDIA's verifier for i1).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i1: true> : tile<4xi1>
    %a = assume bounded<0, 1>, %x : tile<4xi1>
    return
  }
}
