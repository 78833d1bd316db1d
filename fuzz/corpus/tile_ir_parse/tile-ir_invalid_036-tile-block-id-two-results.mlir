// expect: TILE006 line 5
// rule: get_tile_block_id always produces three results, blockId_x/y/z (op-get_tile_block_id.md); only two are bound.
cuda_tile.module @m {
  entry @k() {
    %bx, %by = get_tile_block_id : tile<i32>
    return
  }
}
