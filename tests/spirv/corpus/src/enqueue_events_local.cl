// versions: 2.0 3.0
// Device-side enqueue with events, local-memory block arguments, markers and user events.

__kernel void stage_then_reduce(__global const float *in, __global float *out, int n)
{
    if (get_global_id(0) != 0)
        return;
    queue_t q = get_default_queue();
    clk_event_t first, second;
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n), 0, NULL, &first, ^{
        out[get_global_id(0)] = in[get_global_id(0)] * 2.0f;
    });
    enqueue_kernel(q, CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D((size_t)n, 64), 1, &first, &second,
                   ^(local void *scratch) {
                       local float *s = (local float *)scratch;
                       s[get_local_id(0)] = out[get_global_id(0)];
                       work_group_barrier(CLK_LOCAL_MEM_FENCE);
                       if (get_local_id(0) == 0)
                           out[get_global_id(0)] = s[0] + s[63];
                   },
                   64u * sizeof(float));
    clk_event_t done;
    enqueue_marker(q, 1, &second, &done);
    release_event(first);
    release_event(second);
    release_event(done);
}

__kernel void user_events(__global int *flags)
{
    if (get_global_id(0) != 0)
        return;
    clk_event_t ev = create_user_event();
    if (is_valid_event(ev)) {
        enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), 1, &ev, NULL,
                       ^{ flags[0] = 1; });
        set_user_event_status(ev, CL_COMPLETE);
        retain_event(ev);
        release_event(ev);
    }
    release_event(ev);
}

__kernel void two_local_args(__global int *out)
{
    if (get_global_id(0) != 0)
        return;
    void (^blk)(local void *, local void *) = ^(local void *a, local void *b) {
        ((local int *)a)[0] = 1;
        ((local int *)b)[0] = 2;
        out[0] = ((local int *)a)[0] + ((local int *)b)[0];
    };
    enqueue_kernel(get_default_queue(), CLK_ENQUEUE_FLAGS_NO_WAIT, ndrange_1D(1), blk, 16u, 32u);
    out[1] = (int)get_kernel_work_group_size(blk);
}
