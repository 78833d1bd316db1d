// Suppressions in cuda_tile MLIR: `//` comments, as in PTX.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %h = constant <bf16: 1.0> : tile<4xbf16>
    %e = addf %h, %h rounding<zero> : tile<4xbf16> // speclint: ignore[TILE011]
    // speclint: ignore[TILE011]
    %f = addf %h, %h rounding<zero> : tile<4xbf16>
    %g = addf %h, %h rounding<zero> : tile<4xbf16> // speclint: ignore[TILE002]
    return
  }
}
