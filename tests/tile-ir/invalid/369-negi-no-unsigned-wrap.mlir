// expect: TILE010 line 5
// rule: negi does not take overflow<no_unsigned_wrap>: op-negi.md lists it, but NVIDIA's verifier (tileiras 13.5.37) rejects it (no_wrap is accepted); spec-db records it as an observed restriction (cases_source).
cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %n = negi %i overflow<no_unsigned_wrap> : tile<i32>
    return
  }
}
