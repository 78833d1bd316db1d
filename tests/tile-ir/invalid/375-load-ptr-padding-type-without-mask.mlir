// expect: TILE008 line 8
// rule: a lone optional operand of load_ptr_tko that is not a tile of i1 is the padding value (the bytecode's flags tell mask and padding apart), and a padding value has the loaded element type (op-load_ptr_tko.md): an i32 padding for an f32 load is wrong.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %t = make_token : token
    %pad = constant <i32: 0> : tile<i32>
    %m = constant <i1: true> : tile<i1>
    %v, %vt = load_ptr_tko weak %p, %pad token=%t : tile<ptr<f32>>, tile<i32> -> tile<f32>, token
    return
  }
}
