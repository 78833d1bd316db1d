// expect: TILE002 line 5
// rule: 13.2 renamed `print` to `print_tko` (op-print_tko.md, note; the op code did not change) and gave it a result token; under 13.3 `print` is not an op name.
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    print "x=%f\0A", %x : tile<f32>
    return
  }
}
