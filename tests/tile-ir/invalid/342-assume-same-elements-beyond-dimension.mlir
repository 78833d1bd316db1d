// expect: TILE017 line 6
// rule: a same_elements group size is at most the size of its dimension: 8 for dimension 1 of tile<4x8xi16>, not 16 (NVIDIA's verifier; spec-db assume.toml value-within-dimension).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i16: 0> : tile<4x8xi16>
    %a = assume same_elements<[2, 16]>, %x : tile<4x8xi16>
    return
  }
}
