// valid: MLIR's conventions around the dialect: `// -----` parts (split-input-file), each a module of its own; builtin `module` wrappers (with and without attributes); tileirdisasm's bare entries; `fpowf`; `for unsigned`; load_ptr_tko with a padding value and no mask
module attributes {producer.note = "wrapped"} {
  cuda_tile.module @kernels {
    entry @scale(%p: tile<ptr<f32>>) {
      %t = make_token : token
      %pad = constant <f32: 0.000000e+00> : tile<f32>
      %v, %vt = load_ptr_tko weak %p, %pad token=%t : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
      %two = constant <f32: 2.000000e+00> : tile<f32>
      %w = fpowf %v, %two  : tile<f32>
      %st = store_ptr_tko weak %p, %w token=%vt : tile<ptr<f32>>, tile<f32> -> token
      return
    }
  }
}

// -----

module {
  cuda_tile.module @kernels {
    entry @count(%p: tile<ptr<i32>>) {
      %lb = constant <i32: 0> : tile<i32>
      %ub = constant <i32: 8> : tile<i32>
      %step = constant <i32: 1> : tile<i32>
      %sum = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %lb) -> (tile<i32>) {
        %next = addi %acc, %iv : tile<i32>
        continue %next : tile<i32>
      }
      %st = store_ptr_tko weak %p, %sum : tile<ptr<i32>>, tile<i32> -> token
      return
    }
  }
}

// -----

entry @scale(%p: tile<ptr<f32>>) {
  %m = constant <i1: true> : tile<i1>
  %v, %vt = load_ptr_tko weak %p, %m : tile<ptr<f32>>, tile<i1> -> tile<f32>, token
  %st = store_ptr_tko weak %p, %v : tile<ptr<f32>>, tile<f32> -> token
  return
}
entry @count() {
  return
}
