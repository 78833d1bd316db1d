// expect: TILE002 line 8
// rule: ops of other dialects are not allowed anywhere in a cuda_tile module (op-module.md), in the generic form and inside a loop body too.
cuda_tile.module @m {
  entry @k() {
    %lo = constant <i32: 0> : tile<i32>
    %hi = constant <i32: 8> : tile<i32>
    for %i in (%lo to %hi, step %hi) : tile<i32> {
      %c = "arith.constant"() {value = 1 : i32} : () -> i32
    }
    return
  }
}
