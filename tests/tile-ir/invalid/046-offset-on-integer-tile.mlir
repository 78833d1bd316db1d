// expect: TILE007 line 7
// rule: offset advances a tile of pointers (op-offset.md: ptr and result are CudaTile_PointerTileType); `%addr` is a tile of i64, which must go through int_to_ptr first.
cuda_tile.module @m {
  entry @k() {
    %addr = constant <i64: 4096> : tile<4xi64>
    %step = iota : tile<4xi64>
    %next = offset %addr, %step : tile<4xi64>, tile<4xi64> -> tile<4xi64>
    return
  }
}
