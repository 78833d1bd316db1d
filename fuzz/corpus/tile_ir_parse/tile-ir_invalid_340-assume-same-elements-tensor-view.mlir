// expect: TILE007 line 7
// rule: same_elements describes a tile of integers or pointers; a tensor_view has no elements of its own to compare (attributes.md same_elements).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {
    %b = assume bounded<1, ?>, %n : tile<i32>
    %tv = make_tensor_view %p, shape = [%b], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %a = assume same_elements<[1]>, %tv : tensor_view<?xf32, strides=[1]>
    return
  }
}
