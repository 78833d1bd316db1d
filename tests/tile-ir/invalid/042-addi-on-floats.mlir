// expect: TILE007 line 6
// rule: addi operands must be tiles of i1, i8, i16, i32 or i64 (op-addi.md: CudaTile_IntTileType); tile<4xf32> is a float tile.
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %s = addi %a, %a : tile<4xf32>
    return
  }
}
