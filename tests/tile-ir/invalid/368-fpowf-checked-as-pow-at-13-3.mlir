// expect: TILE007 line 6
// rule: `fpowf` is how tileirdisasm 13.5 prints op code 84 (13.3's `pow`) for every bytecode version; it is read as `pow` under 13.3 too, so its operands are checked as pow's: float tiles only (op-pow.md).
cuda_tile.module @m {
  entry @k() {
    %b = constant <i32: 2> : tile<4xi32>
    %p = fpowf %b, %b : tile<4xi32>
    return
  }
}
