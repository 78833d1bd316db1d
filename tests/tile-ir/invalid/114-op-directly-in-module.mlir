// expect: TILE014 line 4
// rule: A module contains only items: globals and entries (op-module.md: 'zero or more items (global variables, functions, or kernels)'); a constant cannot sit directly in the module body.
cuda_tile.module @m {
  %c = constant <i32: 0> : tile<i32>
  entry @k() {
    return
  }
}
