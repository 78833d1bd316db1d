// valid: structured control flow: early return inside if, if/else yielding results, loop with iter_values and break/continue, for with continue inside if, nested for, assert
cuda_tile.module @control_flow {
  // Blocks past n exit early; the others clamp their value with an if/else that yields a result.
  entry @clamp_or_skip(%p: tile<ptr<f32>>, %n: tile<i32>, %limit: tile<f32>) {
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %past = cmpi greater_than_or_equal %bx, %n, signed : tile<i32> -> tile<i1>
    if %past {
      return
    }
    %ptr = offset %p, %bx : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>
    %v, %t0 = load_ptr_tko weak %ptr : tile<ptr<f32>> -> tile<f32>, token
    %big = cmpf greater_than ordered %v, %limit : tile<f32> -> tile<i1>
    %clamped = if %big -> (tile<f32>) {
      yield %limit : tile<f32>
    } else {
      %neg_limit = negf %limit : tile<f32>
      %small = cmpf less_than ordered %v, %neg_limit : tile<f32> -> tile<i1>
      %lo = select %small, %neg_limit, %v : tile<i1>, tile<f32>
      yield %lo : tile<f32>
    }
    %t1 = store_ptr_tko weak %ptr, %clamped token=%t0 : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // Newton iteration for sqrt(x): loop until converged or 32 iterations, carrying (guess, count).
  entry @newton_sqrt(%px: tile<ptr<f32>>) {
    %x, %t0 = load_ptr_tko weak %px : tile<ptr<f32>> -> tile<f32>, token
    %half = constant <f32: 0.5> : tile<f32>
    %eps = constant <f32: 1.0e-06> : tile<f32>
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %root, %iters = loop iter_values(%g = %x, %i = %c0) : tile<f32>, tile<i32> -> tile<f32>, tile<i32> {
      %q = divf %x, %g : tile<f32>
      %s = addf %g, %q : tile<f32>
      %g2 = mulf %s, %half : tile<f32>
      %d = subf %g2, %g : tile<f32>
      %ad = absf %d : tile<f32>
      %conv = cmpf less_than ordered %ad, %eps : tile<f32> -> tile<i1>
      %i2 = addi %i, %c1 : tile<i32>
      %cap = cmpi greater_than_or_equal %i2, %c32, signed : tile<i32> -> tile<i1>
      %stop = ori %conv, %cap : tile<i1>
      if %stop {
        break %g2, %i2 : tile<f32>, tile<i32>
      }
      continue %g2, %i2 : tile<f32>, tile<i32>
    }
    %t1 = store_ptr_tko weak %px, %root token=%t0 : tile<ptr<f32>>, tile<f32> -> token
    return
  }

  // Sum of the even numbers below 16, and a nested 4x4 loop nest counting cells.
  entry @loops(%out: tile<ptr<i32>>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %c4 = constant <i32: 4> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %evens = for %i in (%c0 to %c16, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %r = remi %i, %c2 signed : tile<i32>
      %odd = cmpi not_equal %r, %c0, signed : tile<i32> -> tile<i1>
      if %odd {
        continue %acc : tile<i32>
      }
      %nacc = addi %acc, %i : tile<i32>
      continue %nacc : tile<i32>
    }
    %cells = for %row in (%c0 to %c4, step %c1) : tile<i32> iter_values(%outer = %c0) -> (tile<i32>) {
      %inner_sum = for %col in (%c0 to %c4, step %c1) : tile<i32> iter_values(%inner = %outer) -> (tile<i32>) {
        %n = addi %inner, %c1 : tile<i32>
        continue %n : tile<i32>
      }
      continue %inner_sum : tile<i32>
    }
    %ok = cmpi equal %cells, %c16, signed : tile<i32> -> tile<i1>
    assert %ok, "loop nest visited the wrong number of cells" : tile<i1>
    %total = addi %evens, %cells : tile<i32>
    %t = store_ptr_tko weak %out, %total : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
