// speclint: tile-ir-version=13.5
// expect: TILE019 line 1
// expect: TILE007 line 10
// expect: TILE007 line 10
// expect: TILE007 line 10
// rule: under 13.4 and later versions, `fpowf` (what the 13.5 tools print for op code 84) is read as 13.3's `pow` and its operands are checked as pow's: float tiles only.
cuda_tile.module @m {
  entry @k() {
    %b = constant <i32: 2> : tile<4xi32>
    %p = fpowf %b, %b : tile<4xi32>
    return
  }
}
