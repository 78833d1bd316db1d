// expect: TILE015 line 6
// rule: a partition_view tiles every dimension of its tensor_view with a tile of power-of-two dimensions (types.md#partition_view); an empty tile shape over a 0-d tensor_view is not supported.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<f32>>) {
    %t = make_tensor_view %base : tensor_view<f32>
    %v = make_partition_view %t : partition_view<tile=(), tensor_view<f32>>
    return
  }
}
