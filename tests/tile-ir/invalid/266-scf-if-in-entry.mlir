// expect: TILE002 line 6
// rule: control flow in a cuda_tile kernel uses cuda_tile's own if/for/loop (op-module.md: only cuda_tile operations); scf.if is another dialect's.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %a = constant <i32: 1> : tile<i32>
    scf.if %flag {
      %b = addi %a, %a : tile<i32>
    }
    return
  }
}
