// expect: TILE007 line 8
// rule: a builtin `module attributes {…} { … }` around a cuda_tile.module (as cuda-tile-opt accepts) is MLIR's top-level module written out: no finding of its own, and what it holds is checked as usual (addf on integers: op-addf.md, float tiles only).
module attributes {test.note = "wrapped"} {
  cuda_tile.module @m {
    entry @k() {
      %a = constant <i32: 1> : tile<4xi32>
      %b = constant <i32: 2> : tile<4xi32>
      %c = addf %a, %b : tile<4xi32>
      return
    }
  }
}
