// versions: 1.2 2.0 3.0
// k-means assignment with struct arguments (by pointer and by value) and a helper returning a struct.

typedef struct { float x, y, z; int label; } point_t;
typedef struct { float4 centre; int count; } cluster_t;
typedef struct { int best; float dist; } choice_t;

static choice_t nearest(point_t p, __global const cluster_t *c, int k)
{
    choice_t r = { 0, INFINITY };
    for (int i = 0; i < k; ++i) {
        float3 d = (float3)(p.x, p.y, p.z) - c[i].centre.xyz;
        float dd = dot(d, d);
        if (dd < r.dist) { r.dist = dd; r.best = i; }
    }
    return r;
}

__kernel void assign(__global point_t *pts, __global const cluster_t *c, int k, __global float *cost)
{
    size_t i = get_global_id(0);
    choice_t ch = nearest(pts[i], c, k);
    pts[i].label = ch.best;
    cost[i] = ch.dist;
}

__kernel void shift(__global point_t *pts, point_t by)
{
    size_t i = get_global_id(0);
    pts[i].x += by.x; pts[i].y += by.y; pts[i].z += by.z;
}
