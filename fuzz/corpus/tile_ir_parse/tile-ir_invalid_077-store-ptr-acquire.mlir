// expect: TILE010 line 6
// rule: store_ptr_tko accepts weak, relaxed or release ordering only (op-store_ptr_tko.md: 'not supported by this operation: acquire, acq_rel').
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko acquire device %p, %v : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
