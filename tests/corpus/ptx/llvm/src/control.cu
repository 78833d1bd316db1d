// Control flow: switches, nested loops with early exits, selects on predicates, goto.
#include "common.h"
extern "C" __global__ void control(int *out, const int *in, int n) {
  int i = thread_index();
  int acc = 0;
  for (int j = 0; j < n; ++j) {
    int v = in[j];
    switch (v & 7) {
    case 0: acc += v; break;
    case 1: acc -= v; break;
    case 2: acc *= 3; break;
    case 3: acc ^= v; break;
    case 5: acc = acc > v ? acc : v; break;
    default: acc += 1;
    }
    if (acc > 1000) goto done;
    for (int k = j; k < n && in[k] != 0; k += 2)
      if (in[k] < 0) break; else acc += in[k] >> 1;
  }
done:
  out[i] = acc == 0 ? -1 : (acc < 0 ? acc : acc + 1);
  bool p = acc & 1, q = n > 4;
  out[i + 1] = (p && !q) || (q ^ p);
}
