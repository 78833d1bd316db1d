// expect: TILE007 line 8
// rule: mmaf operands must be f16, bf16, f32, f64, tf32, f8E4M3FN or f8E5M2 tiles and acc f16/f32/f64 (types.md: MmaFOp_OperandTileType / MmaFOp_ResultTileType); i8 matrices need mmai.
cuda_tile.module @m {
  entry @k() {
    %a = constant <i8: 1> : tile<16x32xi8>
    %b = constant <i8: 1> : tile<32x16xi8>
    %c = constant <i32: 0> : tile<16x16xi32>
    %d = mmaf %a, %b, %c : tile<16x32xi8>, tile<32x16xi8>, tile<16x16xi32>
    return
  }
}
