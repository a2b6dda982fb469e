/*
 * wgsim_test.c: the simulator on cases whose answer is known.
 */
#include <criterion/criterion.h>

#include "model.h"

static wg_sim *sim(int n, double lambda, wg_dist d, wg_steal f, uint64_t seed)
{
    wg_params p = {n, lambda, d, f, seed};
    wg_sim *s = wg_new(&p);
    cr_assert_not_null(s);
    return s;
}

Test(wgsim, steal_amounts)
{
    long l[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 100, 1000000};
    long one[] = {0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
    long half[] = {0, 1, 1, 2, 2, 3, 4, 4, 5, 8, 8, 9, 50, 500000};
    long sqrt_[] = {0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 4, 4, 10, 1000};
    long pow2[] = {0, 0, 1, 1, 2, 2, 2, 4, 4, 4, 8, 8, 32, 262144};
    for (size_t i = 0; i < sizeof l / sizeof l[0]; i++) {
        cr_expect_eq(wg_steal_amount(WG_F_NONE, l[i]), 0);
        cr_expect_eq(wg_steal_amount(WG_F_ONE, l[i]), one[i], "one(%ld)", l[i]);
        cr_expect_eq(wg_steal_amount(WG_F_HALF, l[i]), half[i], "half(%ld)", l[i]);
        cr_expect_eq(wg_steal_amount(WG_F_SQRT, l[i]), sqrt_[i], "sqrt(%ld)", l[i]);
        cr_expect_eq(wg_steal_amount(WG_F_POW2, l[i]), pow2[i], "pow2(%ld)", l[i]);
    }
}

Test(wgsim, names_round_trip)
{
    for (int d = 0; d < WG_NDISTS; d++)
        cr_expect_eq(wg_dist_parse(wg_dist_names[d]), d);
    for (int f = 0; f < WG_NSTEALS; f++)
        cr_expect_eq(wg_steal_parse(wg_steal_names[f]), f);
    cr_expect_eq(wg_dist_parse("zipf"), -1);
    cr_expect_eq(wg_steal_parse("all"), -1);
}

Test(wgsim, bad_parameters)
{
    wg_params p = {0, 0.5, WG_D_UNIFORM, WG_F_HALF, 1};
    cr_expect_null(wg_new(&p));
    p.n = 4;
    p.lambda = 1.5;
    cr_expect_null(wg_new(&p));
    p.lambda = -0.1;
    cr_expect_null(wg_new(&p));
}

/* Nothing is generated, so nothing is ever queued, whatever D and f. */
Test(wgsim, lambda_zero_stays_empty)
{
    for (int d = 0; d < WG_NDISTS; d++)
        for (int f = 0; f < WG_NSTEALS; f++) {
            wg_sim *s = sim(8, 0, (wg_dist)d, (wg_steal)f, 7);
            for (int t = 0; t < 1000; t++) {
                wg_step(s);
                cr_assert_eq(wg_total(s), 0, "D %d f %d step %d", d, f, t);
            }
            wg_free(s);
        }
}

/* lambda = 1, point, no stealing: processor 0 gets exactly n tasks a step
 * and serves one; the others never hold anything. */
Test(wgsim, point_without_stealing_exact)
{
    wg_sim *s = sim(4, 1, WG_D_POINT, WG_F_NONE, 3);
    for (long t = 1; t <= 100; t++) {
        wg_step(s);
        cr_assert_eq(wg_total(s), 3 * t);
        cr_assert_eq(wg_load(s, 0), 3 * t);
    }
    wg_free(s);
    s = sim(1, 1, WG_D_POINT, WG_F_HALF, 3); /* lambda n - 1 = 0 */
    for (int t = 0; t < 100; t++) {
        wg_step(s);
        cr_assert_eq(wg_total(s), 0);
    }
    wg_free(s);
}

/* lambda = 0.5, n = 16, point, no stealing: the load grows by
 * lambda n - 1 = 7 a step on average. After 20000 steps the total is a sum
 * of 320000 coin flips (standard deviation about 283) minus 20000: within
 * 1 % of 140000 is more than 4 standard deviations. */
Test(wgsim, point_without_stealing_grows)
{
    wg_sim *s = sim(16, 0.5, WG_D_POINT, WG_F_NONE, 11);
    for (int t = 0; t < 20000; t++)
        wg_step(s);
    cr_expect_gt(wg_total(s), 138600);
    cr_expect_lt(wg_total(s), 141400);
    cr_expect_eq(wg_max(s), wg_total(s), "all of it on processor 0");
    wg_free(s);
}

static int same_run(uint64_t seed_a, uint64_t seed_b)
{
    wg_sim *a = sim(32, 0.9, WG_D_SKEWED, WG_F_HALF, seed_a);
    wg_sim *b = sim(32, 0.9, WG_D_SKEWED, WG_F_HALF, seed_b);
    int same = 1;
    for (int t = 0; t < 5000 && same; t++) {
        wg_step(a);
        wg_step(b);
        for (int i = 0; i < 32; i++)
            same &= wg_load(a, i) == wg_load(b, i);
    }
    wg_free(a);
    wg_free(b);
    return same;
}

Test(wgsim, deterministic_for_a_seed)
{
    cr_expect(same_run(42, 42));
    cr_expect(!same_run(42, 43));
}

/* The paper's headline case: every generator on one processor, lambda
 * below 1, f = ceil(l/2). The load stays bounded (its mean settles near 45 here),
 * where without stealing it would pass 7 * 20000. */
Test(wgsim, point_with_half_stays_bounded)
{
    wg_sim *s = sim(16, 0.5, WG_D_POINT, WG_F_HALF, 5);
    long peak = 0;
    for (int t = 0; t < 20000; t++) {
        wg_step(s);
        if (wg_total(s) > peak)
            peak = wg_total(s);
    }
    cr_expect_lt(peak, 1000, "peak total load %ld", peak);
    wg_free(s);
}
