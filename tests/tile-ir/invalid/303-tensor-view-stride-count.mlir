// expect: TILE015 line 5
// rule: a tensor_view has one stride per dimension (types.md#tensor_view); a rank-2 view with three strides is invalid.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base, shape = [64, 32], strides = [32, 1, 1] : tensor_view<64x32xf32, strides=[32,1,1]>
    return
  }
}
