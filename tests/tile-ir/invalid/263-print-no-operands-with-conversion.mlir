// expect: TILE018 line 6
// rule: print_tko without operands prints its string as is, so it may hold no conversions (op-print_tko.md); `%f` here has nothing to print.
cuda_tile.module @m {
  entry @k() {
    %t0 = make_token : token
    %t = print_tko "done: %f\0A" token=%t0 -> token
    return
  }
}
