/* What one stat(2) of a file costs: LiveResponder takes two per request (docs/PERFORMANCE.md, issue 33).
   Usage: clang -O2 -o /tmp/bench-stat scripts/bench-stat.c && /tmp/bench-stat PATH */
#include <sys/stat.h>
#include <stdio.h>
#include <time.h>
int main(int argc, char **argv) {
    struct stat s; struct timespec a, b; int n = 1000000;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < n; i++) stat(argv[1], &s);
    clock_gettime(CLOCK_MONOTONIC, &b);
    printf("stat(2) of %s: %.2f us per call (%d calls)\n", argv[1], ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n / 1000.0, n);
    return 0;
}
