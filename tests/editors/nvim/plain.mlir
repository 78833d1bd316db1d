// MLIR of another dialect: speclint reports nothing here (tests/editors/nvim_lsp.sh).
func.func @f() {
  return
}
