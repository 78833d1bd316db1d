// expect: TILE002 line 6
// rule: The generic form names the op by its full name; `cuda_tile.subff` is not in the dialect (INDEX.md: `cuda_tile.subf`).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f32: 1.0> : tile<4xf32>
    %d = "cuda_tile.subff"(%a, %a) <{rounding_mode = #cuda_tile.rounding<nearest_even>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>
    return
  }
}
