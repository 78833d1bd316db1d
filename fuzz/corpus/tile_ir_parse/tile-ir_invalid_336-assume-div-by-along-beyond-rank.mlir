// expect: TILE017 line 6
// rule: `along` names a dimension of the tile; a 2-d tile has dimensions 0 and 1, not 2 (NVIDIA's verifier; spec-db assume.toml along-within-rank).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 0> : tile<4x8xi32>
    %a = assume div_by<4, every 4 along 2>, %x : tile<4x8xi32>
    return
  }
}
