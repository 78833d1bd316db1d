// expect: TILE014 line 6
// rule: yield may only terminate the body of if, reduce or scan (op-yield.md: ParentOneOf[IfOp, ReduceOp, ScanOp]); an entry body ends with return.
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 0> : tile<i32>
    yield
  }
}
