// expect: TILE007 line 4 warning
// rule: entry arguments are rank-0 tiles (spec-db rule scalar-arguments; tileiras 13.5 rejects a tensor_view argument in bytecode); pass the pointer and sizes and make the view with make_tensor_view inside.
cuda_tile.module @m {
  entry @k(%v: tensor_view<128xf32, strides=[1]>) {
    return
  }
}
