// Kernels server/tests/run_spirv.rs runs on the CPU OpenCL runtime. OpenCL C 1.2; generate.sh
// compiles it to kernels.spv and kernels.spvasm (clang-15 + llvm-spirv-15, SPIR-V 1.0).

// c = a + b over the first n elements.
__kernel void vector_add(__global const float *a, __global const float *b, __global float *c,
                         uint n)
{
    uint i = get_global_id(0);
    if (i < n)
        c[i] = a[i] + b[i];
}

// One partial sum per work-group: a tree in local memory, with barriers.
__kernel void reduce_sum(__global const float *in, __global float *partial,
                         __local float *scratch)
{
    uint l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        partial[get_group_id(0)] = scratch[0];
}

// A 16-bin histogram of values % 16: local atomics per work-group, then global atomics.
__kernel void histogram(__global const uint *values, __global uint *bins, __local uint *local_bins)
{
    uint l = get_local_id(0);
    if (l < 16)
        local_bins[l] = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    atomic_inc(&local_bins[values[get_global_id(0)] % 16]);
    barrier(CLK_LOCAL_MEM_FENCE);
    if (l < 16)
        atomic_add(&bins[l], local_bins[l]);
}

// Scales by a float and adds an integer offset given by value: scalars of both kinds.
__kernel void scale_offset(__global float *data, float scale, int offset)
{
    uint i = get_global_id(0);
    data[i] = data[i] * scale + (float)offset;
}

// Never finishes while flag[0] is 0: for the timeout.
__kernel void spin(volatile __global int *flag)
{
    while (flag[0] == 0) {
    }
}

// Writes far outside its buffer: on the CPU this faults in the worker process, which the run
// reports as a crash while the CLI survives.
__kernel void out_of_bounds(__global int *data)
{
    data[(ulong)1 << 40] = 1;
}

// Copies an image to a buffer, texel by texel (sampler-less reads, OpenCL C 1.2).
__kernel void image_copy(read_only image2d_t src, __global float4 *dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    dst[y * get_image_width(src) + x] = read_imagef(src, (int2)(x, y));
}

// Writes each texel's coordinates into an image.
__kernel void image_coords(write_only image2d_t dst)
{
    int x = get_global_id(0), y = get_global_id(1);
    write_imagef(dst, (int2)(x, y), (float4)(x, y, 0.0f, 1.0f));
}
