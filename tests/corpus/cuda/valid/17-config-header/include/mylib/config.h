// A library's config header: feature macros from the architecture.
#ifndef MYLIB_CONFIG_H
#define MYLIB_CONFIG_H
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
#  define MYLIB_SM90_ENABLED 1
#else
#  define MYLIB_SM90_ENABLED 0
#endif
#endif
