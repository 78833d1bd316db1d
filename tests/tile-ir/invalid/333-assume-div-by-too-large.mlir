// expect: TILE017 line 5
// rule: 2^63 is a power of two, but NVIDIA's verifier takes divisors up to 2^62 only (observed; spec-db assume.toml max_divisor).
cuda_tile.module @m {
  entry @k(%n: tile<i64>) {
    %a = assume div_by<9223372036854775808>, %n : tile<i64>
    return
  }
}
