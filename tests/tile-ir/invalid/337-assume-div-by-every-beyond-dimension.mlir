// expect: TILE017 line 6
// rule: `every` is at most the size of the dimension it groups: dimension 1 of tile<4x8xi32> has 8 elements, not 16 (NVIDIA's verifier; spec-db assume.toml every-within-dimension).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 0> : tile<4x8xi32>
    %a = assume div_by<4, every 16 along 1>, %x : tile<4x8xi32>
    return
  }
}
