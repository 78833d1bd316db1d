// expect: TILE012 line 8
// expect: TILE012 line 9
// rule: make_gather_scatter_view (op-make_gather_scatter_view.md) and the gather_scatter_view type (types.md#gather_scatter_view) both exist since Tile IR 13.3; the file is checked against 13.2, so the op and the type are each reported.
// version: 13.2
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %tv = make_tensor_view %p, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %gv = make_gather_scatter_view %tv
      : gather_scatter_view<tile=(8x64), tensor_view<1024x64xf32, strides=[64,1]>, sparse_dim=0>
    return
  }
}
