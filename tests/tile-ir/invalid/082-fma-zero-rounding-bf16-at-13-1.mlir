// expect: TILE010 line 6
// rule: In Tile IR 13.1 the fma Modifiers table marks every rounding mode 'no' for BFloat16 (13.1 Floating Point chapter, cuda_tile.fma table); 13.3 later allows rounding<zero> on bf16 as emulated.
// version: 13.1
cuda_tile.module @m {
  entry @k(%a: tile<bf16>, %b: tile<bf16>, %c: tile<bf16>) {
    %r = fma %a, %b, %c rounding<zero> : tile<bf16>
    return
  }
}
