// expect: TILE015 line 4
// rule: `f31` is not a Tile IR element type (types.md#element-types lists i1, i4, i8, i16, i32, i64, f16, bf16, f32, tf32, f64, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN).
cuda_tile.module @m {
  entry @k(%x: tile<f31>) {
    return
  }
}
