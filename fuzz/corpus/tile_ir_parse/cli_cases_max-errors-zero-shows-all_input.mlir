// Several Tile IR mistakes in one kernel: each is reported at its own column.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = constant <f32: 1.0> : tile<4xf32>
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %b = addff %a, %a : tile<4xf32>
    %c = addf %a, %x : tile<4xf32>
    %d = addf %a, %a flush_to_zero : tile<4xf64>
    %e = addf %h, %h rounding<zero> : tile<4xbf16>
    %f = subf %h, %h rounding<approx> : tile<4xbf16>
    %g = mmaf %a, %a, %a : tile<4xf32>, tile<4xf32>, tile<4xf32>
    return
  }
}
