// expect: TILE017 line 3
// rule: the module's producer is a string (op-module.md: producer is OptionalAttr<StrAttr>).
cuda_tile.module @m attributes {producer = 13} {
  entry @k() {
    return
  }
}
