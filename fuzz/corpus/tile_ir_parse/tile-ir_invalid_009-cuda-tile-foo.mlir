// expect: TILE002 line 6
// rule: `cuda_tile.foo` names no operation of the cuda_tile dialect (INDEX.md).
cuda_tile.module @m {
  entry @k() {
    %a = constant <i32: 1> : tile<i32>
    %b = cuda_tile.foo %a : tile<i32>
    return
  }
}
