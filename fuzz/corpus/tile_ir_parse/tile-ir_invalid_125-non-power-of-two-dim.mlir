// expect: TILE015 line 5
// rule: Tile shapes must use power-of-two dimensions (types.md#tile: 'Only power-of-two shape dimensions are supported'); 3 is not one.
cuda_tile.module @m {
  entry @k() {
    %c = constant <f32: 0.0> : tile<3xf32>
    return
  }
}
