// expect: TILE007 line 5
// rule: bounded describes a tile of integers only; pointers are not (attributes.md bounded).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = assume bounded<0, ?>, %p : tile<ptr<f32>>
    return
  }
}
