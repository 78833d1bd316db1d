// valid: loop-carried values of several types: loop with result types only (`loop : T`), loop iter_values with carried and result types (continue inside if, break with results), for carrying an i32 and a bf16 over i32 bounds
cuda_tile.module @loop_carried {
  entry @k() {
    %c1 = constant <i1: true> : tile<i1>
    %c0_i32 = constant <i32: 0> : tile<i32>
    %c42_i16 = constant <i16: 42> : tile<i16>
    %c5 = constant <bf16: 5.5> : tile<bf16>
    %loop1 = loop : tile<i32> {
      break %c0_i32 : tile<i32>
    }
    %loop2:2 = loop iter_values(%arg1 = %c0_i32, %arg2 = %c42_i16) : tile<i32>, tile<i16> -> tile<bf16>, tile<i32> {
      if %c1 {
        continue %arg1, %arg2 : tile<i32>, tile<i16>
      }
      break %c5, %c0_i32 : tile<bf16>, tile<i32>
    }
    loop iter_values(%var0 = %c0_i32) : tile<i32> {
      if %c1 {
        break
      }
      continue %var0 : tile<i32>
    }
    %f:2 = for %iv in (%c0_i32 to %c0_i32, step %c0_i32) : tile<i32> iter_values(%a = %c0_i32, %b = %c5) -> (tile<i32>, tile<bf16>) {
      continue %a, %b : tile<i32>, tile<bf16>
    }
    return
  }
}
