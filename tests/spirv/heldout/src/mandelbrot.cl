// versions: 1.2 2.0 3.0
// Escape-time Mandelbrot with a float loop and an RGBA colour written to a uchar4 buffer.

__kernel void mandelbrot(__global uchar4 *img, float x0, float y0, float scale, int max_iter)
{
    int px = get_global_id(0), py = get_global_id(1), w = get_global_size(0);
    float cr = x0 + px * scale, ci = y0 + py * scale;
    float zr = 0.0f, zi = 0.0f;
    int it = 0;
    while (zr * zr + zi * zi < 4.0f && it < max_iter) {
        float t = zr * zr - zi * zi + cr;
        zi = mad(2.0f * zr, zi, ci);
        zr = t;
        ++it;
    }
    float f = (float)it / max_iter;
    img[py * w + px] = convert_uchar4_sat((float4)(f * 255.0f, sqrt(f) * 255.0f, 0.0f, 255.0f));
}
