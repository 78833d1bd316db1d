// expect: TILE006 line 5
// rule: make_tensor_view takes one dynamic shape value per `?` in the result shape (op-make_tensor_view.md); the generic form's operandSegmentSizes gives one for a fully static view.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i64>) {
    %t = "cuda_tile.make_tensor_view"(%p, %n) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (!cuda_tile.tile<!cuda_tile.ptr<f32>>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<64xf32, strides=[1]>
    return
  }
}
