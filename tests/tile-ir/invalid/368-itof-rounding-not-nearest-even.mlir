// expect: TILE010 line 5
// rule: itof rounds to nearest even only: op-itof.md lists every rounding mode, but NVIDIA's verifier (tileiras 13.5.37) rejects the others; spec-db records it as an observed restriction (cases_source).
cuda_tile.module @m {
  entry @k(%i: tile<i32>) {
    %f = itof %i signed rounding<zero> : tile<i32> -> tile<f32>
    return
  }
}
