// expect: TILE008 line 6
// rule: ftof converts element-wise and keeps the shape (op-ftof.md: AllShapesMatch[from, to]); 4 elements cannot become 8.
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x : tile<4xf32> -> tile<8xf16>
    return
  }
}
