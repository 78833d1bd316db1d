// expect: TILE010 line 6
// rule: cmpi's last keyword is a Signedness; a float comparison's ordering there is reported with the allowed cases (op-cmpi.md).
cuda_tile.module @m {
  entry @k() {
    %c = constant <i32: 1> : tile<i32>
    %x = cmpi equal %c, %c, ordered : tile<i32> -> tile<i1>
    return
  }
}
