// versions: 1.2 2.0 3.0
// Nested loops with early exits, goto, short-circuit conditions, ternaries and selects.

__kernel void find_first(__global const int *m, int rows, int cols, int needle, __global int2 *at)
{
    int2 found = (int2)(-1, -1);
    for (int r = 0; r < rows; ++r) {
        for (int c = 0; c < cols; ++c) {
            if (m[r * cols + c] == needle) {
                found = (int2)(r, c);
                goto done;
            }
        }
    }
done:
    at[get_global_id(0)] = found;
}

__kernel void short_circuit(__global const int *a, __global const int *b, __global int *out)
{
    size_t i = get_global_id(0);
    int x = a[i], y = b[i];
    int r = 0;
    if (x > 0 && (y > 0 || x > y * 2))
        r = 1;
    else if (!(x | y) || (x < -10 && y < -10))
        r = 2;
    out[i] = r ? (x > y ? x : y) : min(x, y);
}

__kernel void early_return(__global float *v, int n, float limit)
{
    size_t i = get_global_id(0);
    if ((int)i >= n)
        return;
    float x = v[i];
    for (int it = 0; it < 64; ++it) {
        if (fabs(x) < limit)
            break;
        x = x * 0.5f + (it & 1 ? 0.1f : -0.1f);
        if (isnan(x))
            return;
    }
    v[i] = x;
}

__kernel void triangular(__global float *acc, int n)
{
    size_t row = get_global_id(0);
    float s = 0.0f;
    for (int i = 0; i <= (int)row && i < n; ++i)
        for (int j = i; j < n; j += i + 1)
            s += (float)(i ^ j);
    acc[row] = s;
}
