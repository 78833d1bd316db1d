// expect: TILE008 line 6
// rule: get_global returns pointers to the element type of the global's value: @g holds i32, so the result is tile<ptr<i32>>, not tile<ptr<f32>> (op-get_global.md).
cuda_tile.module @m {
  global @g <i32: [1, 2, 3, 4]> : tile<4xi32>
  entry @k() {
    %p = get_global @g : tile<ptr<f32>>
    return
  }
}
