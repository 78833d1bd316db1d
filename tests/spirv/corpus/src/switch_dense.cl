// versions: 1.2 2.0 3.0
// Dense switches on unmasked values (lowered to OpSwitch at -O2), a state machine in a loop,
// and values merged from several arms (OpPhi).

__kernel void tokenize(__global const uchar *text, __global int *counts, int len)
{
    int state = 0, words = 0, digits = 0, other = 0;
    for (int i = 0; i < len; ++i) {
        uchar ch = text[i];
        int cls = (ch >= '0' && ch <= '9') ? 1 : ((ch | 32) >= 'a' && (ch | 32) <= 'z') ? 2 : (ch == ' ') ? 3 : 0;
        switch (state * 4 + cls) {
        case 0: case 4: case 8: other++; state = 0; break;
        case 1: case 5: case 9: digits++; state = 1; break;
        case 2: case 6: words++; state = 2; break;
        case 10: state = 2; break;
        case 3: case 7: case 11: state = 0; break;
        default: state = 0;
        }
    }
    counts[3 * get_global_id(0)] = words;
    counts[3 * get_global_id(0) + 1] = digits;
    counts[3 * get_global_id(0) + 2] = other;
}

__kernel void select_op(__global const int *op, __global const float2 *ab, __global float *out)
{
    size_t i = get_global_id(0);
    float a = ab[i].x, b = ab[i].y, r;
    switch (op[i]) {
    case 0: r = a + b; break;
    case 1: r = a - b; break;
    case 2: r = a * b; break;
    case 3: r = b != 0.0f ? a / b : 0.0f; break;
    case 4: r = fmin(a, b); break;
    case 5: r = fmax(a, b); break;
    case 6: r = pow(fabs(a), b); break;
    case 7: r = atan2(a, b); break;
    default: r = NAN;
    }
    out[i] = r;
}

__kernel void long_switch(__global const long *k, __global int *out)
{
    size_t i = get_global_id(0);
    switch (k[i]) {
    case -1l: out[i] = 10; break;
    case 0x100000000l: out[i] = 20; break;
    case 3l: out[i] = 30; break;
    default: out[i] = 0;
    }
}
