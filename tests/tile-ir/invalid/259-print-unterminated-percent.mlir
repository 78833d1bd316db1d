// expect: TILE018 line 6
// rule: a format expression starts with `%` and ends with a conversion character (op-print_tko.md: C printf style; tileiras: "found unterminated format expression"); the string ends right after `%`.
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 5> : tile<i32>
    %t = print_tko "ratio %d %", %x : tile<i32> -> token
    return
  }
}
