// expect: TILE005 line 6
// rule: make_partition_view's operand has the tensor_view type named inside its result type (op-make_partition_view.md); the operand is a view of f16, the result type says f32.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16>>) {
    %t = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %v = make_partition_view %t : partition_view<tile=(16x8), tensor_view<64x32xf32, strides=[32,1]>>
    return
  }
}
