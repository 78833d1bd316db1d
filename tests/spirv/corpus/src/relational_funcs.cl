// versions: 1.2 2.0 3.0
// Relational functions: is* predicates, signbit, any/all, bitselect, select.

__kernel void classify(__global const float *x, __global int *out)
{
    size_t i = get_global_id(0);
    float v = x[i];
    out[i] = isfinite(v) | isinf(v) << 1 | isnan(v) << 2 | isnormal(v) << 3 | signbit(v) << 4
           | isequal(v, 0.0f) << 5 | isnotequal(v, 1.0f) << 6 | isgreater(v, 2.0f) << 7
           | isgreaterequal(v, 2.0f) << 8 | isless(v, -1.0f) << 9 | islessequal(v, -1.0f) << 10
           | islessgreater(v, 3.0f) << 11 | isordered(v, 4.0f) << 12 | isunordered(v, v) << 13;
}

__kernel void vector_relations(__global const float4 *a, __global const float4 *b, __global int4 *m,
                               __global int *flags)
{
    size_t i = get_global_id(0);
    int4 lt = isless(a[i], b[i]);
    m[i] = lt | isnan(a[i]);
    flags[i] = any(lt) + 2 * all(isfinite(b[i])) + 4 * any(signbit(a[i]));
}

__kernel void selects(__global const float8 *a, __global const float8 *b, __global const uint8 *mask,
                      __global float8 *sel, __global float8 *bits)
{
    size_t i = get_global_id(0);
    sel[i] = select(a[i], b[i], isgreater(a[i], b[i]));
    bits[i] = bitselect(a[i], b[i], as_float8(mask[i]));
}

__kernel void int_selects(__global const int *a, __global const long2 *b, __global int *c,
                          __global long2 *d)
{
    size_t i = get_global_id(0);
    c[i] = select(a[i], -a[i], a[i] < 0) + bitselect(a[i], 0x55, 0x0f);
    d[i] = select(b[i], b[i].yx, b[i] > (long2)(0)) + (long2)(any(b[i] < 0), all(b[i] < 0));
}
