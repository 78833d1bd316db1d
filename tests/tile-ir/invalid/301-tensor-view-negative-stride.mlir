// expect: TILE015 line 6
// rule: a tensor_view's strides are strictly positive (types.md#tensor_view); a negative stride is not allowed.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %n = constant <i32: 64> : tile<i32>
    %t = make_tensor_view %base, shape = [%n, 64], strides = [-64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[-64,1]>
    return
  }
}
