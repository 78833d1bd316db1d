// expect: TILE012 line 7
// rule: negi's overflow attribute exists since Tile IR 13.2 (op-negi.md Parameters); the file is checked against 13.1.
// version: 13.1
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 5> : tile<4xi32>
    %n = negi %x overflow<no_signed_wrap> : tile<4xi32>
    return
  }
}
