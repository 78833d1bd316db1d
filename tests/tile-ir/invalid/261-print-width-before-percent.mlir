// expect: TILE018 line 6
// rule: only `%%` (nothing between) is a literal percent sign; `%5%` is a format expression with a width and no conversion (tileiras: "found unterminated format expression").
cuda_tile.module @m {
  entry @k() {
    %x = constant <i32: 5> : tile<i32>
    %t = print_tko "%d %5%\0A", %x : tile<i32> -> token
    return
  }
}
