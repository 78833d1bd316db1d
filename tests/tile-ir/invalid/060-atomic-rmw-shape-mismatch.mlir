// expect: TILE008 line 10
// rule: atomic_rmw_tko's pointers, arg and result must have the same shape (op-atomic_rmw_tko.md: AllShapesMatch[pointers, arg, result]); 8 pointers but 4 values.
cuda_tile.module @m {
  entry @k(%base: tile<ptr<i32>>) {
    %b1 = reshape %base : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bv = broadcast %b1 : tile<1xptr<i32>> -> tile<8xptr<i32>>
    %off = iota : tile<8xi32>
    %ptrs = offset %bv, %off : tile<8xptr<i32>>, tile<8xi32> -> tile<8xptr<i32>>
    %ones = constant <i32: 1> : tile<4xi32>
    %old, %t = atomic_rmw_tko relaxed device %ptrs, add, %ones : tile<8xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    return
  }
}
