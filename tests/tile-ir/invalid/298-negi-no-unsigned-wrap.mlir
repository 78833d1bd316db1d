// expect: TILE010 line 6
// rule: negi takes the overflow flags none, no_signed_wrap and no_wrap, not no_unsigned_wrap (observed: NVIDIA's verifier and tileiras 13.5 reject it; op-negi.md lists all four; spec-db rule no-unsigned-wrap).
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 5> : tile<i32>
    %n = negi %a overflow<no_unsigned_wrap> : tile<i32>
    return
  }
}
