// expect: TILE014 line 8
// rule: only pure operations are allowed in the body of reduce (op-reduce.md); load_ptr_tko reads memory, which is not pure (it has no Pure trait, op-load_ptr_tko.md).
cuda_tile.module @m {
  entry @k(%bias: tile<ptr<i32>>) {
    %v = constant <i32: 3> : tile<16xi32>
    %s = reduce %v dim=0 identities=[0 : i32] : tile<16xi32> -> tile<i32>
    (%x: tile<i32>, %acc: tile<i32>) {
      %b, %t = load_ptr_tko weak %bias : tile<ptr<i32>> -> tile<i32>, token
      %sum = addi %x, %acc : tile<i32>
      yield %sum : tile<i32>
    }
    return
  }
}
