// expect: TILE007 line 6
// rule: a loop's results are its final loop-carried values, which cannot be a tensor_view or view (op-loop.md, additional restrictions).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %r = loop : tensor_view<64xf32, strides=[1]> {
      break %tv : tensor_view<64xf32, strides=[1]>
    }
    return
  }
}
