// Tile IR fixture for tests/editors/nvim_lsp.sh: `flush_to_zero` on f16 is TILE010 (line 6).
cuda_tile.module @m {
  entry @k() {
    %a = constant <f16: 1.0> : tile<4xf16>
    %b = constant <f16: 2.0> : tile<4xf16>
    %s = addf %a, %b flush_to_zero : tile<4xf16>
    return
  }
}
