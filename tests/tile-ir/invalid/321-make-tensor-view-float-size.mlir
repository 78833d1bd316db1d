// expect: TILE007 line 5
// rule: make_tensor_view's dynamic sizes are rank-0 integer tiles (op-make_tensor_view.md, dynamicShape: Variadic<CudaTile_ScalarTileOf<CudaTile_AnyInt>>); an f32 tile is not.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %n: tile<f32>) {
    %t = make_tensor_view %p, shape = [%n], strides = [1] : tile<f32> -> tensor_view<?xf32, strides=[1]>
    return
  }
}
