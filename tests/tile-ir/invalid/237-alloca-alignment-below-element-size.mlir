// expect: TILE017 line 5
// rule: alloca's alignment must be at least the size of the pointee: 4 bytes for f64 elements is too small (the cuda_tile verifier: at least the natural size; observed with tileiras 13.5.37).
cuda_tile.module @m {
  entry @k() {
    %buf = alloca num_elem = 8, alignment = 4 : tile<ptr<f64>>
    return
  }
}
