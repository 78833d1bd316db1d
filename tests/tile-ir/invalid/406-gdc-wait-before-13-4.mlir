// expect: TILE012 line 7
// rule: gdc_wait_tko is new in 13.4 (release notes); the 13.3 bytecode reader refuses its op code ("unsupported opcode 120 for bytecode version 13.3").
// version: 13.3
cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    %w = gdc_wait_tko token = %t -> token
    return
  }
}
