// expect: TILE015 line 4
// rule: MLIR's builtin memref type is not a Tile IR type (types.md); memory comes in as a tile of pointers and is viewed with make_tensor_view.
cuda_tile.module @m {
  entry @k(%buf: memref<256xf16>) {
    return
  }
}
