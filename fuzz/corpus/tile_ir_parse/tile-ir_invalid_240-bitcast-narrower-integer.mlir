// expect: TILE008 line 6
// rule: bitcast reinterprets each element's bits, so source and result element types have the same bit width (op-bitcast.md; spec-db rule same-bit-width); i32 to i16 changes it (tileiras: "types must be equal width").
cuda_tile.module @m {
  entry @k() {
    %w = constant <i32: 7> : tile<8xi32>
    %h = bitcast %w : tile<8xi32> -> tile<8xi16>
    return
  }
}
