// versions: 1.2 2.0 3.0
// Sparse matrix-vector product (CSR), one row per work-item and one row per work-group with a
// local-memory reduction and barriers.

__kernel void spmv_scalar(__global const int *rows, __global const int *cols,
                          __global const float *vals, __global const float *x, __global float *y)
{
    int r = get_global_id(0);
    float sum = 0.0f;
    for (int k = rows[r]; k < rows[r + 1]; ++k)
        sum += vals[k] * x[cols[k]];
    y[r] = sum;
}

__kernel void spmv_vector(__global const int *rows, __global const int *cols,
                          __global const float *vals, __global const float *x, __global float *y,
                          __local float *partial)
{
    int r = get_group_id(0), l = get_local_id(0), n = get_local_size(0);
    float sum = 0.0f;
    for (int k = rows[r] + l; k < rows[r + 1]; k += n)
        sum += vals[k] * x[cols[k]];
    partial[l] = sum;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int s = n / 2; s > 0; s >>= 1) {
        if (l < s)
            partial[l] += partial[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        y[r] = partial[0];
}
