// expect: TILE014 line 5
// rule: An entry is a module item (op-module.md; op-entry.md is IsolatedFromAbove and defines a module symbol); it cannot be nested in another entry.
cuda_tile.module @m {
  entry @outer() {
    entry @inner() {
      return
    }
    return
  }
}
