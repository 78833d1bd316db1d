// expect: TILE001 line 4
// rule: The entry argument list opened with '(' is not closed before the body '{' (entry signature `@name(%arg: type, ...)`, op-entry.md examples).
cuda_tile.module @m {
  entry @k(%a: tile<ptr<f32>>, %n: tile<i32> {
    return
  }
}
