// arch: sm_80
// expect: clean
// A library's feature macro, defined from `__CUDA_ARCH__` in the file: undefined on sm_80.
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define MYLIB_SM90_ENABLED
#endif
#if defined(__CUDACC_VER_MAJOR__) && __CUDACC_VER_MAJOR__ >= 12
#  define MYLIB_HAS_CUDA12 1
#else
#  define MYLIB_HAS_CUDA12 0
#endif
__global__ void k(unsigned *p) {
#if defined(MYLIB_SM90_ENABLED) && MYLIB_HAS_CUDA12
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#endif
  p[0] = 1;
}
