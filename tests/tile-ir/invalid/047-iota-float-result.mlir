// expect: TILE007 line 5
// rule: iota produces an integer tile (op-iota.md: CudaTile_IntTileType); tile<8xf32> is not allowed.
cuda_tile.module @m {
  entry @k() {
    %r = iota : tile<8xf32>
    return
  }
}
