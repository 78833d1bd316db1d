// expect: TILE004 line 6
// rule: `%bx` is already defined by the first get_tile_block_id; the second one binds it again in the same block.
cuda_tile.module @m {
  entry @k() {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %bx, %gy, %gz = get_num_tile_blocks : tile<i32>
    return
  }
}
