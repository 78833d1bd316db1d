// versions: 2.0 3.0
// variants: spir32
// Shared virtual memory style code: linked structures in global memory, pointers stored in
// buffers, pointer chasing and atomics on pointer-sized integers.

typedef struct node { int value; __global struct node *next; } node;

__kernel void sum_lists(__global node *const __global *heads, __global int *sums)
{
    size_t i = get_global_id(0);
    int s = 0;
    int guard = 0;
    for (__global node *n = heads[i]; n != NULL && guard < 4096; n = n->next, ++guard)
        s += n->value;
    sums[i] = s;
}

__kernel void link_array(__global node *nodes, int count)
{
    size_t i = get_global_id(0);
    if ((int)i < count) {
        nodes[i].value = (int)i;
        nodes[i].next = ((int)i + 1 < count) ? &nodes[i + 1] : NULL;
    }
}

__kernel void push_front(__global node *pool, __global atomic_uintptr_t *head)
{
    size_t i = get_global_id(0);
    __global node *me = &pool[i];
    me->value = (int)i;
    uintptr_t old = atomic_load(head);
    do {
        me->next = (__global node *)old;
    } while (!atomic_compare_exchange_weak(head, &old, (uintptr_t)me));
}

__kernel void ptr_table(__global float *__global *table, __global float *out)
{
    size_t i = get_global_id(0);
    __global float *row = table[i & 3];
    out[i] = row[i >> 2];
}
