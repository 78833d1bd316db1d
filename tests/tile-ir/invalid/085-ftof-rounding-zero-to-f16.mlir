// expect: TILE010 line 7
// rule: ftof supports only nearest_even except for conversions to f8E8M0FNU (op-ftof.md: 'For conversion to f8E8M0FNU, only ZERO and POSITIVE_INF ... Otherwise, only NEAREST_EVEN').
// version: 13.3
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.5> : tile<4xf32>
    %y = ftof %x rounding<zero> : tile<4xf32> -> tile<4xf16>
    return
  }
}
