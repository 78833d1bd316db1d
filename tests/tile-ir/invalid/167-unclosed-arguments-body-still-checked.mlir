// expect: TILE001 line 5
// expect: TILE003 line 6
// rule: after an unclosed entry argument list, the body is still parsed as the entry's region: its errors are reported (here an undefined %q) and its closing brace does not end the module (op-entry.md examples).
cuda_tile.module @m {
  entry @k(%a: tile<f32> {
    %x = addf %a, %q : tile<f32>
    return
  }
  entry @j(%b: tile<f32>) {
    %y = addf %b, %b : tile<f32>
    return
  }
}
