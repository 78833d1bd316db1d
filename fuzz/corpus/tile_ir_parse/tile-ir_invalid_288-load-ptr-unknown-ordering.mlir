// expect: TILE010 line 5
// rule: load_ptr_tko's memory ordering must be one its table allows (weak, relaxed, acquire); an unknown word is reported at the keyword (op-load_ptr_tko.md).
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %v, %t = load_ptr_tko weakly %p : tile<ptr<i32>> -> tile<i32>, token
    return
  }
}
