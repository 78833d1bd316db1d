// versions: 2.0 3.0
// atomic_work_item_fence with every fence flag, memory order and scope.

__kernel void message_passing(__global int *data, __global atomic_int *ready, __global int *out)
{
    size_t id = get_global_id(0);
    if (id == 0) {
        data[1] = 99;
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_device);
        atomic_store_explicit(ready, 1, memory_order_relaxed, memory_scope_device);
    } else if (atomic_load_explicit(ready, memory_order_relaxed, memory_scope_device)) {
        atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acquire, memory_scope_device);
        out[id] = data[1];
    }
}

__kernel void fence_matrix(__global int *g, __local int *l)
{
    size_t i = get_local_id(0);
    l[i] = (int)i;
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_seq_cst, memory_scope_work_group);
    g[get_global_id(0)] = l[(i + 1) % get_local_size(0)];
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE | CLK_LOCAL_MEM_FENCE, memory_order_acq_rel,
                           memory_scope_work_group);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_acq_rel, memory_scope_all_svm_devices);
    atomic_work_item_fence(CLK_GLOBAL_MEM_FENCE, memory_order_release, memory_scope_sub_group);
    atomic_work_item_fence(CLK_LOCAL_MEM_FENCE, memory_order_acquire, memory_scope_work_item);
}

__kernel void image_fence(__read_write image2d_t img)
{
    int2 p = (int2)(get_global_id(0), get_global_id(1));
    write_imagef(img, p, (float4)(1.0f));
    atomic_work_item_fence(CLK_IMAGE_MEM_FENCE, memory_order_acq_rel, memory_scope_work_item);
    float4 v = read_imagef(img, p);
    write_imagef(img, p, v * 2.0f);
}
