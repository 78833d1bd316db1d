// versions: 3.0
// variants: spv14
// extensions: +cl_ext_float_atomics,+__opencl_c_ext_fp32_global_atomic_add,+__opencl_c_ext_fp32_local_atomic_add,+__opencl_c_ext_fp32_global_atomic_min_max
// spirv-ext: +SPV_EXT_shader_atomic_float_add,+SPV_EXT_shader_atomic_float_min_max
// Floating-point atomics (cl_ext_float_atomics): fetch_add / fetch_min / fetch_max on atomic_float.

__kernel void splat_add(__global atomic_float *grid, __global const float2 *pts, int w)
{
    float2 p = pts[get_global_id(0)];
    int idx = (int)p.y * w + (int)p.x;
    atomic_fetch_add_explicit(&grid[idx], 1.0f, memory_order_relaxed, memory_scope_device);
}

__kernel void bounds(__global atomic_float *lo, __global atomic_float *hi, __global const float *v)
{
    float x = v[get_global_id(0)];
    atomic_fetch_min(lo, x);
    atomic_fetch_max(hi, x);
}

__kernel void local_sum(__global const float *v, __global float *out)
{
    __local atomic_float acc;
    if (get_local_id(0) == 0)
        atomic_init(&acc, 0.0f);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    atomic_fetch_add_explicit(&acc, v[get_global_id(0)], memory_order_relaxed, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    if (get_local_id(0) == 0)
        out[get_group_id(0)] = atomic_load_explicit(&acc, memory_order_relaxed, memory_scope_work_group);
}
