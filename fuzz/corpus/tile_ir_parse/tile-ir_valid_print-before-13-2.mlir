// valid: `print`, the name print_tko had in 13.1 (renamed in 13.2), with its 13.1 form: no token operand, no result
// speclint: tile-ir-version=13.1
cuda_tile.module @m {
  entry @k(%x: tile<f32>, %n: tile<i32>) {
    print "hello\0A"
    print "x=%f n=%d %%\0A", %x, %n : tile<f32>, tile<i32>
    return
  }
}
