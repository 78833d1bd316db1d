// expect: TILE015 line 4
// rule: MLIR's builtin tensor type is not a Tile IR type (types.md lists tile, pointer, token and the views); a cuda_tile kernel takes tiles.
cuda_tile.module @m {
  entry @k(%x: tensor<16xf32>) {
    return
  }
}
