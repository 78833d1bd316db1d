// versions: 1.2 2.0 3.0
// variants: O0 spir32
// switch statements (dense, sparse, fallthrough), for/while/do loops with break/continue,
// and loop-carried values that become OpPhi.

__kernel void opcode_interp(__global const int *code, __global int *stack_out, int len)
{
    int acc = 0, tmp = 0;
    for (int pc = 0; pc < len; ++pc) {
        int op = code[pc];
        switch (op & 0xf) {
        case 0: acc += op >> 4; break;
        case 1: acc -= op >> 4; break;
        case 2: acc *= op >> 4; break;
        case 3: tmp = acc; break;
        case 4: acc += tmp; /* fall through */
        case 5: acc = -acc; break;
        case 9: pc = len; break;
        default: continue;
        }
        acc &= 0xffff;
    }
    stack_out[get_global_id(0)] = acc;
}

__kernel void sparse_switch(__global const uint *keys, __global float *w)
{
    size_t i = get_global_id(0);
    float f;
    switch (keys[i]) {
    case 7: f = 0.5f; break;
    case 100: f = 1.5f; break;
    case 1000: f = 2.5f; break;
    case 65536: f = 3.5f; break;
    default: f = 0.0f;
    }
    w[i] = f;
}

__kernel void loops(__global const int *in, __global int *out, int n)
{
    size_t i = get_global_id(0);
    int x = in[i], steps = 0;
    while (x != 1 && steps < 1000) {
        x = (x & 1) ? 3 * x + 1 : x / 2;
        ++steps;
    }
    int s = 0, k = 0;
    do {
        if (k % 3 == 0) { ++k; continue; }
        s += k;
        if (s > n) break;
        ++k;
    } while (k < n);
    out[i] = steps * 1000 + s;
}
