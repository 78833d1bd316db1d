// expect: TILE007 line 9
// rule: loop-carried values (and so results) of a for cannot be a tensor_view or a view (op-for.md, additional restrictions).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %lo = constant <i32: 0> : tile<i32>
    %hi = constant <i32: 4> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %r = for %i in (%lo to %hi, step %one) : tile<i32> iter_values(%v = %tv) -> (tensor_view<64xf32, strides=[1]>) {
      continue %v : tensor_view<64xf32, strides=[1]>
    }
    return
  }
}
