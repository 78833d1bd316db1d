// expect: TILE004 line 18
// rule: a file split by `// -----` (MLIR's split-input-file) holds independent modules: `@k` in the first part and in the second do not collide, but two `@k` in one part do.
entry @k() {
  return
}

// -----

entry @k() {
  return
}

// -----

entry @k() {
  return
}
entry @k() {
  return
}
