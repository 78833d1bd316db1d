// expect: TILE019 line 4
// expect: TILE005 line 9
// rule: the result of an op 13.4 does not define has the type written after its `:`; a later use as another type is a mismatch.
// speclint: tile-ir-version=13.5
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %q = exp10 %a : tile<4xf32>
    %r = addf %q, %q : tile<8xf32>
    return
  }
}
