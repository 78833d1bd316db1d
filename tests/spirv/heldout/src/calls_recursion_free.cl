// versions: 1.2 2.0 3.0
// A call tree of non-inlined helpers (noinline), a switch and early returns.

__attribute__((noinline)) static int classify(int x)
{
    switch (x & 3) {
    case 0: return x / 4;
    case 1: return -x;
    case 2: return x * x;
    default: return 7;
    }
}

__attribute__((noinline)) static int combine(int a, int b) { return classify(a) + classify(b); }

__kernel void tree(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    int a = in[i];
    if (a == 0) { out[i] = 0; return; }
    out[i] = combine(a, a + 1) - classify(a >> 2);
}
