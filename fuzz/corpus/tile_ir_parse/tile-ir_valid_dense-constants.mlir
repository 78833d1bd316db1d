// valid: dense constant literals at the edges of what each element type holds: integer ranges (signed and unsigned), hexadecimal bit patterns, the largest finite floats, nested lists and splats, the long and generic forms
cuda_tile.module @constants {
  entry @edges() {
    %i1 = constant <i1: [true, false, -1, 0]> : tile<4xi1>
    %i1_3d = constant <i1: [[[true, false]], [[false, true]]]> : tile<2x1x2xi1>
    %i8 = constant <i8: [255, -128, 0xFF, -0x80]> : tile<4xi8>
    %i16 = constant <i16: [65535, -32768]> : tile<2xi16>
    %i32 = constant <i32: [4294967295, -2147483648, 0x7FFFFFFF, 0]> : tile<4xi32>
    %i64_max = constant <i64: 9223372036854775807> : tile<i64>
    %i64_min = constant <i64: -9223372036854775808> : tile<i64>
    %i64_hex = constant <i64: 0x123456789ABCDEF0> : tile<8xi64>
    %f16 = constant <f16: [65504.0, -65504.0, 65519.0, 0x7C00]> : tile<4xf16>
    %f16_tiny = constant <f16: 1.0e-10> : tile<f16>
    %bf16 = constant <bf16: [3.3895313892515355e+38, 1.5]> : tile<2xbf16>
    %f32 = constant <f32: [[1.000000e+00, -2.5e-03], [0xFF800000, 3.4028234663852886e+38]]> : tile<2x2xf32>
    %f32_dot = constant <f32: [1., 1.e3]> : tile<2xf32>
    %f32_splat = constant <f32: 1.5> : tile<2x4x4xf32>
    %tf32 = constant <tf32: 0.5> : tile<4xtf32>
    %f64 = constant <f64: [1.7976931348623157e+308, 0x7FF0000000000000]> : tile<2xf64>
    %e4m3 = constant <f8E4M3FN: [448.0, -448.0, 0x7F, 0.015625]> : tile<4xf8E4M3FN>
    %e5m2 = constant <f8E5M2: [57344.0, 0x7C]> : tile<2xf8E5M2>
    %e8m0 = constant <f8E8M0FNU: [0.5, 3.0, 5.877470e-39, 0x7F]> : tile<4xf8E8M0FNU>
    %e2m1 = constant <f4E2M1FN: [6.0, -0.5, 0x7, 1.5]> : tile<4xf4E2M1FN>
    %long = cuda_tile.constant <i32: [[1, 2], [3, 4]]> : !cuda_tile.tile<2x2xi32>
    %generic = "cuda_tile.constant"() <{value = dense<[1.0, 2.0]> : tile<2xf32>}> : () -> !cuda_tile.tile<2xf32>
    return
  }
}
