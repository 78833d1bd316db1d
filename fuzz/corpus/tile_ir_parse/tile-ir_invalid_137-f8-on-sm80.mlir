// expect: TILE013 line 7
// rule: Not a spec rule: tileiras 13.5.37 rejects f8E4M3FN values before sm_89 ("unsupported type"); module.toml records it as the element type's target with target_source "observed: tileiras 13.5.37 (not stated in the spec)".
// target: sm_80
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x : tile<4xf32> -> tile<4xf8E4M3FN>
    return
  }
}
