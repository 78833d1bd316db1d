// expect: TILE013 line 7
// rule: tileiras 13.5 compiles the 13.4 developer-preview type fnv8E5M3FNU for sm_107 only ("Incompatibility with architecture 'sm_100': unsupported type 'fnv8E5M3FNU'"); not stated in the release notes.
// target: sm_100
cuda_tile.module @m {
  entry @k() {
    %x = constant <f32: 1.0> : tile<4xf32>
    %y = ftof %x : tile<4xf32> -> tile<4xfnv8E5M3FNU>
    return
  }
}
