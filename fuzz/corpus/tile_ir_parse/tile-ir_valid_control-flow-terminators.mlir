// valid: terminators and the values they pass: loop-carried types that differ from a loop's result types (continue passes the former, break the latter), if branches without results that end in continue/break/return, a for without iter_values and an if without results relying on the implicit terminator, an empty else, yield in reduce
cuda_tile.module @terminators {
  entry @k(%p: tile<ptr<f32>>, %flag: tile<i1>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %f0 = constant <f32: 0.0> : tile<f32>
    %sum = loop iter_values(%i = %c0) : tile<i32> -> tile<f32> {
      %done = cmpi greater_than_or_equal %i, %c8, signed : tile<i32> -> tile<i1>
      if %done {
        %f = itof %i signed : tile<i32> -> tile<f32>
        break %f : tile<f32>
      } else {
      }
      %next = addi %i, %c1 : tile<i32>
      continue %next : tile<i32>
    }
    for %j in (%c0 to %c8, step %c1) : tile<i32> {
      if %flag {
        continue
      }
    }
    %acc = for %j in (%c0 to %c8, step %c1) : tile<i32> iter_values(%a = %f0) -> (tile<f32>) {
      %b = if %flag -> (tile<f32>) {
        yield %a : tile<f32>
      } else {
        %s = addf %a, %sum : tile<f32>
        yield %s : tile<f32>
      }
      continue %b : tile<f32>
    }
    if %flag {
      return
    }
    %v = constant <f32: 1.0> : tile<8xf32>
    %r = reduce %v dim=0 identities=[0.000000e+00 : f32] : tile<8xf32> -> tile<f32>
    (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %t = addf %acc, %r : tile<f32>
    %tok = store_ptr_tko weak %p, %t : tile<ptr<f32>>, tile<f32> -> token
    return
  }
}
