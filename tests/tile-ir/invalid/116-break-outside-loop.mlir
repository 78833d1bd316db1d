// expect: TILE014 line 6
// rule: break terminates a `loop` and may appear only in a loop body or an if nested in one (op-break.md: ParentOneOf[IfOp, LoopOp]); here it is directly in the entry.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<i32>
    break
  }
}
