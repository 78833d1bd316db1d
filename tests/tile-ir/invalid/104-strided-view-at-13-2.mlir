// expect: TILE012 line 8
// expect: TILE012 line 9
// rule: make_strided_view (op-make_strided_view.md) and the strided_view type (types.md#strided_view) both exist since Tile IR 13.3; the file is checked against 13.2, so the op and the type are each reported.
// version: 13.2
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %sv = make_strided_view %tv
      : strided_view<tile=(8), traversal_strides=[4], tensor_view<1024xf32, strides=[1]>>
    return
  }
}
