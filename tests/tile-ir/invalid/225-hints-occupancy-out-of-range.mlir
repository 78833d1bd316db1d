// expect: TILE017 line 4 warning
// rule: occupancy takes an integer from 1 to 32; 48 is too many (cuda_tile verifier; not in the 13.3 table).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 48}> {
    return
  }
}
