// versions: 1.2 2.0 3.0
// variants: O0 spir32
// Structs as kernel arguments by value and through pointers: nested, arrays inside,
// packed and aligned attributes, unions.

typedef struct { float x, y, z; } vec3_t;
typedef struct { vec3_t pos; vec3_t vel; float mass; int id; } particle;
typedef struct { float dt; vec3_t gravity; int count; float damping[2]; } sim_params;
typedef struct __attribute__((packed)) { char tag; int value; short extra; } packed_rec;
typedef struct __attribute__((aligned(16))) { float4 v; int k; } aligned_rec;
typedef union { float f; uint u; uchar b[4]; } pun;

__kernel void integrate(__global particle *ps, sim_params p)
{
    size_t i = get_global_id(0);
    if ((int)i >= p.count)
        return;
    particle q = ps[i];
    q.vel.x = (q.vel.x + p.gravity.x * p.dt) * p.damping[0];
    q.vel.y = (q.vel.y + p.gravity.y * p.dt) * p.damping[0];
    q.vel.z = (q.vel.z + p.gravity.z * p.dt) * p.damping[1];
    q.pos.x += q.vel.x * p.dt;
    q.pos.y += q.vel.y * p.dt;
    q.pos.z += q.vel.z * p.dt;
    ps[i] = q;
}

__kernel void read_packed(__global const packed_rec *r, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = r[i].tag + r[i].value + r[i].extra;
}

__kernel void aligned_and_union(__global aligned_rec *a, __global const float *f, __global uint *u)
{
    size_t i = get_global_id(0);
    pun p;
    p.f = f[i];
    u[i] = p.u ^ p.b[3];
    a[i].v *= (float)a[i].k;
}

__kernel void struct_by_value_small(vec3_t offset, __global vec3_t *pts)
{
    size_t i = get_global_id(0);
    pts[i].x += offset.x;
    pts[i].y += offset.y;
    pts[i].z += offset.z;
}
