// expect: TILE008 line 5
// rule: load_ptr_tko's result element type must be the pointee type of the source (op-load_ptr_tko.md: 'source type is expected a pointer type of result type'); ptr<f32> cannot load f16.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f16>, token
    return
  }
}
