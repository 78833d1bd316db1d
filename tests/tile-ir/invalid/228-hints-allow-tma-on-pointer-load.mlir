// expect: TILE017 line 6 warning
// rule: allow_tma applies to view loads and stores only; load_ptr_tko takes latency alone (attributes.md Optimization Hints table).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %ptrs = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %x, %tok = load_ptr_tko weak %ptrs optimization_hints = <sm_90 = {allow_tma = false}> : tile<1xptr<f32>> -> tile<1xf32>, token
    return
  }
}
