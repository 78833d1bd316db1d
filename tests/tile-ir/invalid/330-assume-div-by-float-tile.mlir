// expect: TILE007 line 6
// rule: div_by describes a tile of integers or pointers, or a tensor_view; a tile of f32 is none of them (attributes.md div_by).
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<16xf32>
    %a = assume div_by<16>, %x : tile<16xf32>
    return
  }
}
