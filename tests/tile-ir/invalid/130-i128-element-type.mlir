// expect: TILE015 line 4
// rule: `i128` is not a Tile IR element type; integers are i1, i4, i8, i16, i32 and i64 only (types.md#element-types).
cuda_tile.module @m {
  entry @k(%wide: tile<i128>) {
    return
  }
}
