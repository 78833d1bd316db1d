// expect: TILE008 line 7
// rule: bitcast keeps the bit width (op-bitcast.md); f4E2M1FN elements are 4 bits wide and i8 ones 8, so the bits cannot be reinterpreted one element to one element.
cuda_tile.module @m {
  entry @k() {
    %f = constant <f32: 0.5> : tile<16xf32>
    %q = ftof %f : tile<16xf32> -> tile<16xf4E2M1FN>
    %b = bitcast %q : tile<16xf4E2M1FN> -> tile<16xi8>
    return
  }
}
