// expect: TILE017 line 7
// rule: on a tensor_view, div_by describes its base address alone: every/along may not be used (attributes.md div_by).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %b = assume bounded<1, ?>, %n : tile<i32>
    %tv = make_tensor_view %p, shape = [%b], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %a = assume div_by<16, every 4 along 0>, %tv : tensor_view<?xf32, strides=[1]>
    return
  }
}
