/* c11_forms.c: C11 and GNU forms the front end must read. cilkc passes it
 * through unchanged, and cc compiles the result without a diagnostic. */
#include <stdarg.h>
#include <stddef.h>
#include <stdatomic.h>
#include <unistd.h>

typedef int T;
typedef int (*binop)(int, int);
typedef struct node { struct node *next; unsigned flag : 1, : 0, kind : 7; T spawn; } node;

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static binop ops[2] = {add, sub};
static int (*const ops2[])(int, int) = {[1] = sub, [0] = add};
static int (*pick(int i))(int, int) { return ops[i & 1]; }
static void (*handler)(int) __attribute__((unused));

_Static_assert(sizeof(T) == sizeof(int), "T is int");
_Alignas(16) static char aligned[32];
static _Thread_local int per_thread;
static _Atomic int counter;
static _Atomic(long) counter2;
extern int renamed(void) __asm__("" "renamed_symbol") __attribute__((weak));

struct point { int x, y; };
union bits { unsigned u; float f; };
enum color { RED, GREEN = 4, BLUE, };
struct grid { struct point p[2]; int n; } __attribute__((aligned(8)));
static struct grid g = {.p = {[0] = {.y = 2}, {0}}, .n = 3};

__extension__ typedef __int128 i128;
static __inline int twice(int x) { return x * 2; }
static inline int knr(a, b) int a; char *b; { return a + (b != 0); }
static int sum(int n, ...)
{
    __builtin_va_list ap;
    __builtin_va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++)
        s += __builtin_va_arg(ap, int);
    __builtin_va_end(ap);
    return s;
}

static int classify(double d) { return _Generic(d, float: 1, double: 2, default: 3); }

static int shadow(void)
{
    T a = 1;
    {
        int T = 2;
        a += T;
    }
    T b = a;
    return b;
}

static int gnu(int n, int *restrict out, const int *__restrict in)
{
    __typeof__(n) m = n;
    typeof(n) k = *in;
    __auto_type z = m + k;
    int y = ({ int t = z; t * 2; });
    static void *labels[] = {&&one, &&two};
    goto *labels[n & 1];
one:
    y++;
two:
    switch (n) {
    case 0 ... 3:
        y += 1;
        break;
    default:
        break;
    }
#pragma GCC diagnostic push
    _Pragma("GCC diagnostic ignored \"-Wunused-variable\"")
    int unused_ok = 0;
    (void)unused_ok;
#pragma GCC diagnostic pop
    __asm__ __volatile__("" : "=r"(k) : "0"(k) : "memory");
    *out = y + (int)sizeof(struct point) + (int)__builtin_offsetof(struct grid, p[1].y);
    return __builtin_types_compatible_p(int, T) + (int)__alignof__(double) + k;
}

static long double ext(void)
{
    _Float64 f = 1.0;
    i128 big = (i128)1 << 100;
    _Complex double c = 1.0 + 2.0i;
    return (long double)f + (long double)(big >> 100) + __real__ c + __imag__ c;
}

int forms_main(void)
{
    int out = 0;
    node n1 = {0}, n2 = {.next = &n1, .kind = 3};
    struct point *pp = &(struct point){1, 2};
    union bits b = {.f = 1.0f};
    (void)b;
    (void)aligned;
    (void)handler;
    per_thread = 1;
    atomic_fetch_add_explicit(&counter, 1, memory_order_relaxed);
    atomic_store(&counter2, 2);
    if (0)
        sync();
    int r = pick(1)(5, 3) + ops2[0](1, 1) + g.n + twice(2) + knr(1, "x") + sum(2, 3, 4);
    r += classify(1.0) + shadow() + gnu(1, &out, &r) + (int)ext() + pp->y + n2.next->spawn;
    return r + out + BLUE + (int)sizeof(int[3]) + (int)sizeof(int (*)(void));
}
