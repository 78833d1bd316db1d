#!/usr/bin/env python3
"""Writes a header tree shaped like a large CUDA template library's include tree into DIR:
ASM_HEADERS headers (500) holding STATEMENTS asm statements (5,000) among templates, plus
PLAIN_HEADERS headers (3,000) of template C++ with no asm, in nested folders, and one
`kernels.cu` that includes a header of each asm shape (for timing nvcc on the same statements).

    bench/cuda/generate.py DIR [ASM_HEADERS STATEMENTS PLAIN_HEADERS]

The statements mix the shapes real libraries use: adjacent literals joined with `\\n\\t`,
`{ .reg ... }` scopes, `#if __CUDA_ARCH__` guards, function templates with `if constexpr`,
and asm in `#define` bodies. Every statement is valid PTX with matching constraints, so
`speclint check DIR` reports nothing and `nvcc` compiles `kernels.cu`. Deterministic: the same
arguments give the same bytes.
"""

import os
import random
import re
import sys

# One asm shape each: (text of the helper, how many asm statements it holds). `{n}` names the
# helper apart within its header; CALLS says how kernels.cu calls it.
SHAPES = [
    # Adjacent literals with `\n\t`, as the libraries write multi-line PTX.
    (
        """__device__ __forceinline__ unsigned int mad_hi_{n}(unsigned int a, unsigned int b, unsigned int c) {{
  unsigned int r;
  asm("mul.hi.u32 %0, %1, %2;\\n\\t"
      "add.u32 %0, %0, %3;"
      : "=r"(r)
      : "r"(a), "r"(b), "r"(c));
  return r;
}}
""",
        1,
    ),
    # A `{ .reg ... }` scope with a predicate.
    (
        """__device__ __forceinline__ unsigned int select_nonzero_{n}(unsigned int x, unsigned int a, unsigned int b) {{
  unsigned int r;
  asm volatile(
      "{{\\n\\t"
      ".reg .pred p;\\n\\t"
      "setp.ne.u32 p, %1, 0;\\n\\t"
      "selp.b32 %0, %2, %3, p;\\n\\t"
      "}}"
      : "=r"(r)
      : "r"(x), "r"(a), "r"(b));
  return r;
}}
""",
        1,
    ),
    # `#if __CUDA_ARCH__` guards around two statements.
    (
        """__device__ __forceinline__ unsigned long long lane_bits_{n}(const unsigned int *p) {{
  unsigned long long r = 0;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  unsigned int v;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
  asm("cvt.u64.u32 %0, %1;" : "=l"(r) : "r"(v));
#endif
  return r;
}}
""",
        2,
    ),
    # A function template with one statement per operand size.
    (
        """template <typename T>
__device__ __forceinline__ T shift_add_{n}(T x, T y) {{
  T r;
  if constexpr (sizeof(T) == 4) {{
    asm("shl.b32 %0, %1, 1;\\n\\tadd.u32 %0, %0, %2;" : "=r"(r) : "r"(x), "r"(y));
  }} else {{
    asm("shl.b64 %0, %1, 1;\\n\\tadd.u64 %0, %0, %2;" : "=l"(r) : "l"(x), "l"(y));
  }}
  return r;
}}
""",
        2,
    ),
    # asm in a macro body, and floating point.
    (
        """#define SPECLINT_BENCH_FMA_{n}(d, a, b, c) \\
  asm("fma.rn.f32 %0, %1, %2, %3;" : "=f"(d) : "f"(a), "f"(b), "f"(c))

__device__ __forceinline__ float fma3_{n}(float a, float b, float c) {{
  float d;
  SPECLINT_BENCH_FMA_{n}(d, a, b, c);
  return d;
}}
""",
        1,
    ),
    # A shared-memory store with a memory clobber, and a 16-bit operand.
    (
        """__device__ __forceinline__ void store_shared_{n}(unsigned int addr, unsigned short v) {{
  asm volatile("st.shared.u16 [%0], %1;" :: "r"(addr), "h"(v) : "memory");
}}
""",
        1,
    ),
    # A template class whose member holds the statement.
    (
        """template <int Bits>
struct popc_{n} {{
  __device__ __forceinline__ static unsigned int apply(unsigned int x) {{
    unsigned int r;
    asm("popc.b32 %0, %1;" : "=r"(r) : "r"(x));
    return r + Bits;
  }}
}};
""",
        1,
    ),
]

CALLS = [
    "out[i] += bench::mad_hi_{n}(in[0], in[1], in[2]);",
    "out[i] += bench::select_nonzero_{n}(in[0], in[1], in[2]);",
    "out[i] += (unsigned int)bench::lane_bits_{n}(in);",
    "out[i] += bench::shift_add_{n}(in[0], in[1]) + (unsigned int)bench::shift_add_{n}<unsigned long long>(in[0], in[1]);",
    "f[i] = bench::fma3_{n}(f[0], f[1], f[2]);",
    "bench::store_shared_{n}((unsigned int)__cvta_generic_to_shared(&sh[i]), (unsigned short)in[0]);",
    "out[i] += bench::popc_{n}<1>::apply(in[0]);",
]

PLAIN = """template <typename T, int N>
struct array_{n} {{
  T data[N];
  __host__ __device__ constexpr T &operator[](int i) {{ return data[i]; }}
  __host__ __device__ constexpr const T &operator[](int i) const {{ return data[i]; }}
  __host__ __device__ static constexpr int size() {{ return N; }}
}};

/// Folds `op` over the elements, left to right.
template <typename T, int N, typename Op>
__host__ __device__ constexpr T fold_{n}(const array_{n}<T, N> &a, T init, Op op) {{
  for (int i = 0; i < N; ++i) {{
    init = op(init, a[i]);
  }}
  return init;
}}

template <typename Layout, typename Shape = typename Layout::shape_type>
struct layout_traits_{n} {{
  using shape_type = Shape;
  using index_type = typename Layout::index_type;
  static constexpr bool is_static = Layout::rank > 0 && sizeof(index_type) <= 8;
  // Strides are computed column-major, as the tensor algebra expects.
  __host__ __device__ static constexpr index_type stride(int mode) {{
    return mode == 0 ? index_type(1) : index_type(Layout::extent(mode - 1)) * stride(mode - 1);
  }}
}};
"""


def header(path_parts, includes, body):
    guard = re.sub(r"[^A-Z0-9]", "_", "_".join(path_parts).upper())
    lines = [
        "// Generated by bench/cuda/generate.py.",
        f"#ifndef BENCH_{guard}",
        f"#define BENCH_{guard}",
        "",
        "#include <cstdint>",
    ]
    lines += [f'#include "{i}"' for i in includes]
    lines += ["", "namespace bench {", "", body, "}  // namespace bench", "", f"#endif  // BENCH_{guard}", ""]
    return "\n".join(lines)


def main():
    if len(sys.argv) not in (2, 5):
        sys.exit(__doc__)
    out = sys.argv[1]
    asm_headers, statements, plain_headers = (int(a) for a in sys.argv[2:5]) if len(sys.argv) == 5 else (500, 5000, 3000)
    rng = random.Random(23)
    folders = [
        f"{top}/{sub}"
        for top in ("core", "tensor", "gemm", "conv", "epilogue", "layout", "arch", "util", "detail", "iterator")
        for sub in ("", "detail", "impl", "sm70", "sm80", "sm90", "collective", "thread", "warp", "device")
    ]
    names = []
    written = 0
    for h in range(asm_headers):
        # Spread the statements evenly: header h gets its share of what is left.
        want = (statements - written) // (asm_headers - h)
        parts, calls, count, n = [], [], 0, 0
        while count < want:
            shape = (h + n) % len(SHAPES)
            if count + SHAPES[shape][1] > want:
                shape = 0
            text, k = SHAPES[shape]
            parts.append(text.format(n=n))
            calls.append(CALLS[shape].format(n=n))
            count += k
            n += 1
            if n % 3 == 0:
                parts.append(PLAIN.format(n=f"{n}_"))
        written += count
        folder = rng.choice(folders).rstrip("/")
        names.append((f"{folder}/asm_{h:04d}.hpp", calls))
        path = os.path.join(out, names[-1][0])
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(header([folder, f"asm_{h}"], [], "\n".join(parts)))
    assert written == statements, (written, statements)
    plain_names = []
    for h in range(plain_headers):
        folder = rng.choice(folders).rstrip("/")
        name = f"{folder}/plain_{h:04d}.hpp"
        includes = [plain_names[rng.randrange(len(plain_names))] for _ in range(2)] if plain_names else []
        body = "\n".join(PLAIN.format(n=f"{h}_{k}") for k in range(rng.randint(2, 6)))
        path = os.path.join(out, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(header([folder, f"plain_{h}"], sorted(set(includes)), body))
        plain_names.append(name)
    # One translation unit that calls every helper of the first header (every shape), so nvcc
    # compiles its statements: `nvcc -I DIR -arch=sm_90 -cubin DIR/kernels.cu`.
    name, calls = names[0]
    with open(os.path.join(out, "kernels.cu"), "w") as f:
        f.write("// Generated by bench/cuda/generate.py: calls every helper of one header.\n")
        f.write(f'#include "{name}"\n\n')
        f.write("__global__ void touch(unsigned int *out, const unsigned int *in, float *f) {\n")
        f.write("  __shared__ unsigned short sh[32];\n  int i = threadIdx.x;\n")
        f.write("".join(f"  {c}\n" for c in calls))
        f.write("}\n")


if __name__ == "__main__":
    main()
