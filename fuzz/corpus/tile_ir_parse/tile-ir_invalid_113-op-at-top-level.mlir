// expect: TILE014 line 3
// rule: Tile IR operations live inside `cuda_tile.module` (op-module.md: the module is the top-level operation); this constant sits outside any module.
%c = cuda_tile.constant <i32: 0> : !cuda_tile.tile<i32>
cuda_tile.module @m {
  entry @k() {
    return
  }
}
