// expect: TILE019 line 4
// expect: TILE003 line 7
// rule: under a newer version (13.5) an op 13.4 does not define is noted, not reported, but its operands must still be defined values.
// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %w = gdc_wait_tko token = %nope -> token
    return
  }
}
