// expect: TILE006 line 7
// rule: load_view_tko indexes a tile of the view with one index per tensor_view dimension (op-load_view_tko.md); empty brackets on a view over a rank-1 tensor_view give none.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<i8>>) {
    %t = make_tensor_view %base, shape = [1024], strides = [1] : tensor_view<1024xi8, strides=[1]>
    %v = make_partition_view %t : partition_view<tile=(128), tensor_view<1024xi8, strides=[1]>>
    %x, %tok = load_view_tko weak %v[] : partition_view<tile=(128), tensor_view<1024xi8, strides=[1]>>, tile<i32> -> tile<128xi8>, token
    return
  }
}
