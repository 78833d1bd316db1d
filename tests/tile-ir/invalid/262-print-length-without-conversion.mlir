// expect: TILE018 line 6
// rule: a length modifier (`ll`) must be followed by a conversion character (C printf, op-print_tko.md); here the string ends after `%ll`.
cuda_tile.module @m {
  entry @k() {
    %n = constant <i64: 5> : tile<i64>
    %t = print_tko "n=%ll", %n : tile<i64> -> token
    return
  }
}
