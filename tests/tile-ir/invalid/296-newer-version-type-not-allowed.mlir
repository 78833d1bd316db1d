// expect: TILE019 line 4
// expect: TILE007 line 8
// rule: an op 13.4 defines keeps its 13.4 type constraints under a newer version: addf takes float tiles (op-addf.md).
// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<4xi32>
    %b = addf %a, %a : tile<4xi32>
    return
  }
}
