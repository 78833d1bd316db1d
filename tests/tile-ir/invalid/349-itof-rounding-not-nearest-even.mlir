// expect: TILE010 line 6
// rule: itof rounds to nearest, ties to even, only: other rounding modes are rejected by NVIDIA's verifier and tileiras 13.5 although op-itof.md lists every mode (spec-db rule nearest-even-only).
cuda_tile.module @m {
  entry @k() {
    %i = iota : tile<16xi32>
    %f = itof %i signed rounding<positive_inf> : tile<16xi32> -> tile<16xf32>
    return
  }
}
