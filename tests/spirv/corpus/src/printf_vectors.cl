// versions: 1.2 2.0 3.0
// variants: O0
// printf with the vector length modifier (%v2, %v3, %v4, %v8, %v16) and element lengths hh, h, hl, l.

__kernel void dump_vectors(__global const float4 *f4, __global const int8 *i8,
                           __global const uchar16 *u16, __global const short2 *s2,
                           __global const long3 *l3)
{
    if (get_global_id(0) != 0)
        return;
    printf("f4 = %v4hlf\n", f4[0]);
    printf("f4 = %v4hle\n", f4[1]);
    printf("f2 = %v2hlg\n", f4[0].xy);
    printf("i8 = %v8hld\n", i8[0]);
    printf("u16 = %v16hhx\n", u16[0]);
    printf("u16 = %v16hhu\n", u16[1]);
    printf("s2 = %v2hd\n", s2[0]);
    printf("l3 = %v3ld\n", l3[0]);
    printf("i4 hex = %#v4hlx\n", i8[0].lo);
    printf("mixed %d %v2hlf %s\n", 1, f4[0].zw, "end");
}
