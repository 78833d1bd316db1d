// expect: TILE019 line 1
// expect: TILE004 line 9
// rule: checked as 13.5 from the configuration (the note is at the start of the file): the results of ops 13.4 does not define are still SSA values, defined once.
// version: 13.5
cuda_tile.module @m {
  entry @k() {
    %t = make_token : token
    %w = gdc_wait_tko token = %t -> token
    %w = gdc_launch_dependents_tko token = %w -> token
    return
  }
}
