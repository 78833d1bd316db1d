// expect: TILE010 line 6
// rule: an itof signedness that is no Signedness case is reported at the keyword (op-itof.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i8: 1> : tile<i8>
    %x = itof %c signd : tile<i8> -> tile<f16>
    return
  }
}
