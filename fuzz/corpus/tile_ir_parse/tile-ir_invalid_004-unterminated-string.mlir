// expect: TILE001 line 7
// rule: The assert message is a string attribute (op-assert.md) and its opening '"' is never closed on the line.
cuda_tile.module @m {
  entry @k(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %ok = cmpi greater_than %n, %c0, signed : tile<i32> -> tile<i1>
    assert %ok, "n must be positive : tile<i1>
    return
  }
}
