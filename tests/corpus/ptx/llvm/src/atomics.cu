// Atomic read-modify-write on global and shared memory: integer, float, 64-bit, CAS, scopes.
#include "common.h"
__shared__ int shared_counter[32];
extern "C" __global__ void atomics(int *pi, unsigned *pu, long long *pl, unsigned long long *pul,
                                   float *pf, double *pd, int n) {
  int i = thread_index();
  __atomic_fetch_add(pi, n, __ATOMIC_RELAXED);
  __atomic_fetch_sub(pi + 1, n, __ATOMIC_RELAXED);
  __atomic_fetch_and(pu, 0xf0u, __ATOMIC_RELAXED);
  __atomic_fetch_or(pu + 1, 0x0fu, __ATOMIC_RELAXED);
  __atomic_fetch_xor(pu + 2, (unsigned)i, __ATOMIC_RELAXED);
  __atomic_fetch_max(pi + 2, i, __ATOMIC_RELAXED);
  __atomic_fetch_min(pu + 3, (unsigned)i, __ATOMIC_RELAXED);
  __atomic_exchange_n(pl, (long long)i, __ATOMIC_RELAXED);
  __atomic_fetch_add(pul, 1ull, __ATOMIC_RELAXED);
  int expected = i;
  __atomic_compare_exchange_n(pi + 3, &expected, n, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
  unsigned long long e64 = 7;
  __atomic_compare_exchange_n(pul + 1, &e64, 9ull, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  __nvvm_atom_add_gen_f(pf, 1.5f);
  __nvvm_atom_add_gen_d(pd, 2.5);
  __nvvm_atom_cta_add_gen_i(pi + 4, 1);
  __nvvm_atom_sys_add_gen_i(pi + 5, 1);
  __nvvm_atom_inc_gen_ui(pu + 4, 100u);
  __nvvm_atom_dec_gen_ui(pu + 5, 100u);
  __nvvm_atom_cta_cas_gen_i(pi + 6, 0, i);
  __nvvm_atom_sys_xchg_gen_ll(pl + 1, 5ll);
  __atomic_fetch_add(&shared_counter[i % 32], 1, __ATOMIC_RELAXED);
  __syncthreads();
  pi[i + 8] = shared_counter[i % 32];
  __nvvm_membar_gl();
  pi[i + 40] = __atomic_fetch_add(pi + 7, 0, __ATOMIC_SEQ_CST);
}
