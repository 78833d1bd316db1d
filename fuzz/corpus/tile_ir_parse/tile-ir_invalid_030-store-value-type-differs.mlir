// expect: TILE005 line 6
// rule: store_ptr_tko lists the value type as tile<f16> but `%v` was defined as tile<f32> (op-store_ptr_tko.md format lists type($value) after type($destination)).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<f32>
    %t = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f16> -> token
    return
  }
}
