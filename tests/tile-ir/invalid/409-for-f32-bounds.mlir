// expect: TILE007 line 7
// expect: TILE007 line 7
// expect: TILE007 line 7
// rule: for's lowerBound, upperBound and step are rank-0 integer tiles (op-for.md Parameters); tileiras: "operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values".
cuda_tile.module @m {
  entry @k(%x: tile<f32>) {
    %s = for %iv in (%x to %x, step %x) : tile<f32> iter_values(%acc = %x) -> (tile<f32>) {
      %n = addf %acc, %iv : tile<f32>
      continue %n : tile<f32>
    }
    return
  }
}
