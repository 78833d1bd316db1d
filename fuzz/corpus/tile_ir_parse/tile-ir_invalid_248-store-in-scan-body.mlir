// expect: TILE014 line 8
// rule: only pure operations are allowed in the body of scan (op-scan.md note); store_ptr_tko writes memory.
cuda_tile.module @m {
  entry @k(%out: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<32xf32>
    %s = scan %v dim=0 reverse=false identities=[0.000000e+00 : f32] : tile<32xf32> -> tile<32xf32>
    (%x: tile<f32>, %acc: tile<f32>) {
      %t = store_ptr_tko weak %out, %acc : tile<ptr<f32>>, tile<f32> -> token
      %sum = addf %x, %acc : tile<f32>
      yield %sum : tile<f32>
    }
    return
  }
}
