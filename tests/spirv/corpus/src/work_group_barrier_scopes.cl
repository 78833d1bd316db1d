// versions: 2.0 3.0
// work_group_barrier with fence flags and explicit memory scopes (OpenCL C 2.0).

__kernel void staged_copy(__global const int *in, __global int *out, __local int *stage)
{
    size_t l = get_local_id(0);
    stage[l] = in[get_global_id(0)];
    work_group_barrier(CLK_LOCAL_MEM_FENCE);
    out[get_global_id(0)] = stage[get_local_size(0) - 1 - l];
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_device);
    out[get_global_id(0)] += 1;
    work_group_barrier(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_scope_work_group);
    work_group_barrier(CLK_LOCAL_MEM_FENCE, memory_scope_work_item);
    work_group_barrier(CLK_GLOBAL_MEM_FENCE, memory_scope_all_svm_devices);
}

__kernel void image_barrier(__read_write image2d_t img)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(img, p, (float4)(p.x, p.y, 0.0f, 1.0f));
    work_group_barrier(CLK_IMAGE_MEM_FENCE);
    int2 q = (int2)(p.y, p.x);
    float4 v = read_imagef(img, q);
    work_group_barrier(CLK_IMAGE_MEM_FENCE | CLK_GLOBAL_MEM_FENCE, memory_scope_work_group);
    write_imagef(img, p, v);
}

__kernel void no_fence(__global int *out)
{
    work_group_barrier(0);
    out[get_global_id(0)] = (int)get_local_linear_id();
}
