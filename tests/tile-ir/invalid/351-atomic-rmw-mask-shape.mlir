// expect: TILE008 line 10
// rule: atomic_rmw_tko's mask has the shape of the pointers (op-atomic_rmw_tko.md); here 2 pointers and a mask of 4.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32>>) {
    %p1 = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %ps = broadcast %p1 : tile<1xptr<i32>> -> tile<2xptr<i32>>
    %v = constant <i32: [1, 2]> : tile<2xi32>
    %m = constant <i1: [true, false, true, false]> : tile<4xi1>
    %r, %t = atomic_rmw_tko relaxed device %ps, and, %v,
        %m : tile<2xptr<i32>>, tile<2xi32>, tile<4xi1> -> tile<2xi32>, token
    return
  }
}
