// versions: 1.2 2.0 3.0
// variants: O0 spir32
// printf with every conversion specifier, flags, widths and precisions.

__constant char label[] = "stage";

__kernel void report(__global const float *vals, __global const int *ids, int n)
{
    size_t gid = get_global_id(0);
    if (gid != 0)
        return;
    printf("%s: %d items\n", label, n);
    for (int i = 0; i < n && i < 4; ++i)
        printf("[%2d] id=%i u=%u x=%#x o=%o X=%08X\n", i, ids[i], (uint)ids[i], ids[i], ids[i], ids[i]);
    printf("f=%f e=%e g=%g a=%a\n", vals[0], vals[1], vals[2], vals[3]);
    printf("%-8.3f|%+.2e|%10.4g|%%\n", vals[0], vals[1], vals[2]);
    printf("char %c and ptr %p\n", 'A', (const __global void *)vals);
    printf("long %ld ulong %lu size %lu\n", (long)n * 1000000000l, (ulong)n, (ulong)get_global_size(0));
    printf("short %hd uchar %hhu\n", (short)-3, (uchar)200);
}

__kernel void guarded_printf(__global int *status)
{
    int rc = printf("group %u of %u\n", (uint)get_group_id(0), (uint)get_num_groups(0));
    if (rc < 0)
        status[get_group_id(0)] = rc;
    printf("no arguments at all\n");
}
