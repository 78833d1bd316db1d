// expect: TILE007 line 5
// rule: ptr_to_int produces a tile of i64 (op-ptr_to_int.md: CudaTile_IntTileInt64Type); tile<i32> is too narrow for an address.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>) {
    %a = ptr_to_int %p : tile<ptr<f32>> -> tile<i32>
    return
  }
}
