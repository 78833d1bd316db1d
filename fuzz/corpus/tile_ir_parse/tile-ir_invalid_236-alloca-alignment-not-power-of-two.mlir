// expect: TILE017 line 5
// rule: alloca's alignment must be a non-zero power of two; 24 is not one (op-alloca.md; the cuda_tile verifier: 'alignment' must be power of two).
cuda_tile.module @m {
  entry @k() {
    %buf = alloca num_elem = 8, alignment = 24 : tile<ptr<f32>>
    return
  }
}
