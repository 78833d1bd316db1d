// expect: TILE015 line 4
// rule: A pointer's pointee must be a number type (types.md#ptr: pointeeType is CudaTile_NumberType); ptr<ptr<f32>> is not a valid type.
cuda_tile.module @m {
  entry @k(%pp: tile<ptr<ptr<f32>>>) {
    return
  }
}
