// expect: TILE018 line 6
// rule: `%q` is not a printf conversion (op-print_tko.md: C printf style; tileiras rejects it as an unterminated format expression).
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 5> : tile<i32>
    %t = print_tko "value %q\0A", %x : tile<i32> -> token
    return
  }
}
