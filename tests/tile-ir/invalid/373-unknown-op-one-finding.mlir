// expect: TILE002 line 4
// rule: an op speclint does not know (a test dialect's `testing$func`, a bare `func`) is reported once; the ops inside it are not reported as misplaced (no TILE014 cascade).
cuda_tile.module @m {
  testing$func @helper() {
    %x = constant <i32: 1> : tile<i32>
    %y = addi %x, %x : tile<i32>
    return
  }
  entry @k() {
    return
  }
}
