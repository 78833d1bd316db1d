// expect: TILE007 line 6
// rule: atomic_rmw_tko's and/or/xor/add/max/min/umax/umin take i32 or i64 only (op-atomic_rmw_tko.md, the modes' element types; spec-db rule mode-element-types); `and` on f32 is rejected.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<f32>
    %old, %t = atomic_rmw_tko relaxed device %p, and, %v : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    return
  }
}
