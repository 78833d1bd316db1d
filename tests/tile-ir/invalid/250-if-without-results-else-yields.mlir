// expect: TILE006 line 10
// rule: an if without results yields nothing from either branch (op-if.md: the yielded values are the if's results); here the else branch yields a value.
cuda_tile.module @m {
  entry @k(%flag: tile<i1>) {
    %a = constant <i32: 1> : tile<i32>
    if %flag {
      %t = print_tko "then\0A" -> token
      yield
    } else {
      yield %a : tile<i32>
    }
    return
  }
}
