/* test_fused.c: a resample priced in one sweep (price_resample_fused,
 * filled block by block by noise_side_resample_range) against the same
 * resample made whole and priced by price_resample: the same bits, for a
 * metric with column defaults and transitions (pypto-gym) and one without
 * (linear), over partial blocks, lean and not, with columns of one
 * number read from a block in cache; a fault reported the same way; a
 * split of the cases resampled as the whole. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "noise/resample.h"
#include "price/price.h"
#include "price/session.h"
#include "test_mem_run.h"

#define PYPTO TEST_SRCDIR "/metrics/pypto-gym.yaml"
#define LINEAR TEST_SRCDIR "/tests/data/noise/linear.yaml"
#define FAULT TEST_SRCDIR "/tests/data/noise/fault.yaml"

static struct metric *load(const char *path)
{
	struct metric *m = NULL;
	struct diag d;

	if (metric_load(path, &m, &d) != FP_OK)
		fail_msg("%s", d.msg);
	return m;
}

/* n cases of k samples: 2 + (i * 7 + t * (3 + side)) mod 13 / 4, the
 * last sample of every ninth case failing (every fifth on the after
 * side); a case with k = 0 in every seventeenth.  Regular (regular_run):
 * k samples in every case, every sample of those cases failing. */
static bool regular_run;

static struct run *run_of(size_t n, size_t k, int side)
{
	struct run *r = mem_run(n);
	double *passed = malloc(n * sizeof *passed);
	size_t q = 0;

	r->samples = malloc((n * k + 1) * sizeof *r->samples);
	r->sample_pass = malloc(n * k + 1);
	r->sample_off = malloc((n + 1) * sizeof *r->sample_off);
	for (size_t i = 0; i < n; i++) {
		size_t m = i % 17 == 16 && !regular_run ? 1 : k;
		bool fails = i % (side ? 5 : 9) == 0;

		r->sample_off[i] = q;
		for (size_t t = 0; t < m; t++, q++) {
			r->samples[q] =
			    2.25 +
			    (double)((i * 7 + t * (size_t)(3 + side)) % 13) / 4;
			r->sample_pass[q] =
			    !(fails && (t + 1 == m || regular_run));
		}
		passed[i] =
		    run_pass(r->sample_pass + r->sample_off[i], m, PASS_ALL);
	}
	r->sample_off[n] = q;
	mem_run_finish(r, passed, RUN_MEDIAN);
	return r;
}

struct fixture {
	struct metric *m;
	struct joined j;
	struct noise_side side[2];
	void *storage[2];
	struct session *ses[2];
	struct price *p[2];
	double *rt[2], *ps[2]; /* resample, n each */
	size_t r;
	struct resample_buf buf;
};

static void open_fixture(struct fixture *f, const char *metric, size_t n)
{
	struct noise_side given[2];
	struct diag d;

	memset(f, 0, sizeof *f);
	f->m = load(metric);
	f->j = (struct joined){run_of(n, 5, 0), run_of(n, 5, 1), 0};
	assert_int_equal(noise_sides(&f->j, PASS_ALL, given, &d), FP_OK);
	for (int s = 0; s < 2; s++) {
		assert_int_equal(
		    noise_sort_side(&given[s], n, &f->side[s], &f->storage[s]),
		    FP_OK);
		if (session_open(f->m, &f->j, NULL, &f->ses[s], &d) != FP_OK ||
		    price_compute(f->ses[s], &f->p[s], &d) != FP_OK)
			fail_msg("%s", d.msg);
		f->rt[s] = malloc(n * sizeof(double));
		f->ps[s] = malloc(n * sizeof(double));
	}
}

static void close_fixture(struct fixture *f)
{
	for (int s = 0; s < 2; s++) {
		price_free(f->p[s]);
		session_close(f->ses[s]);
		free(f->storage[s]);
		free(f->rt[s]);
		free(f->ps[s]);
	}
	free(f->buf.x);
	free(f->buf.p);
	joined_free(&f->j);
	metric_free(f->m);
}

static int fill(void *ctx, size_t base, size_t len, double *const rt[2],
                double *const ps[2], struct diag *d)
{
	struct fixture *f = ctx;

	for (unsigned s = 0; s < 2; s++)
		if (rt[s] && noise_side_resample_range(
		                 &f->side[s], base, base + len, 7, f->r, s,
		                 PASS_ALL, &f->buf, rt[s], ps[s]) != FP_OK)
			return diag_oom(d);
	return FP_OK;
}

/* Resample r made whole and priced on session 0: its result. */
static int whole(struct fixture *f, size_t r, struct diag *d)
{
	size_t n = f->j.before->n;
	const double *rt[2] = {f->rt[0], f->rt[1]};
	const double *ps[2] = {f->ps[0], f->ps[1]};

	for (unsigned s = 0; s < 2; s++)
		assert_int_equal(noise_side_resample(&f->side[s], n, 7, r, s,
		                                     PASS_ALL, &f->buf,
		                                     f->rt[s], f->ps[s]),
		                 FP_OK);
	return price_resample(f->ses[0], f->p[0], rt, ps, 0, d);
}

/* The same in one sweep on session 1, into columns of its own. */
static int fused(struct fixture *f, size_t r, unsigned what, double *rt[2],
                 double *ps[2], struct diag *d)
{
	const double *crt[2] = {rt[0], rt[1]}, *cps[2] = {ps[0], ps[1]};

	f->r = r;
	return price_resample_fused(f->ses[1], f->p[1], crt, cps, 3, fill, f,
	                            what, d);
}

/* Resample r made whole on session 0 (whole) and priced by job, one
 * sweep with `what`. */
static void both(struct fixture *f, size_t r,
                 const struct price_fused_job *job, unsigned what)
{
	struct diag d;

	assert_int_equal(whole(f, r, &d), FP_OK);
	f->r = r;
	assert_int_equal(price_resample_fused_jobs(job, 1, what, &d), FP_OK);
}

static void same_price(const struct price *a, const struct price *b,
                       bool columns)
{
	assert_memory_equal(&a->gain, &b->gain, sizeof a->gain);
	assert_memory_equal(&a->cost, &b->cost, sizeof a->cost);
	assert_memory_equal(&a->net, &b->net, sizeof a->net);
	assert_int_equal(a->accept, b->accept);
	if (!columns)
		return;
	for (int s = 0; s < 2; s++) {
		assert_memory_equal(&a->total[s], &b->total[s], sizeof(double));
		assert_memory_equal(a->score[s], b->score[s],
		                    a->n * sizeof(double));
		assert_memory_equal(a->runtime[s], b->runtime[s],
		                    a->n * sizeof(double));
	}
}

static void test_same_bits(void **state)
{
	static const char *const metrics[] = {PYPTO, LINEAR};
	static const size_t sizes[] = {1, 700, 1300};

	for (size_t mi = 0; mi < 2; mi++)
		for (size_t z = 0; z < 3; z++)
			for (unsigned what = 0; what <= PRICE_LEAN;
			     what += PRICE_LEAN) {
				struct fixture f;
				size_t n = sizes[z];
				double *rt[2] = {malloc(n * 8), malloc(n * 8)};
				double *ps[2] = {malloc(n * 8), malloc(n * 8)};
				struct diag d;

				open_fixture(&f, metrics[mi], n);
				for (size_t r = 0; r < 4; r++) {
					assert_int_equal(whole(&f, r, &d),
					                 FP_OK);
					assert_int_equal(
					    fused(&f, r, what, rt, ps, &d),
					    FP_OK);
					same_price(f.p[0], f.p[1], what == 0);
				}
				for (int s = 0; s < 2; s++) {
					free(rt[s]);
					free(ps[s]);
				}
				close_fixture(&f);
			}
}

/* Lean, with a memo (price_steady): weight and has_runtime one number
 * over every case are read from a block in cache, and a has_runtime
 * that is not (a case after without a time) from its column: the same
 * bits as the resample made whole, the memo kept over resamples. */
static void test_steady(void **state)
{
	static const char *const metrics[] = {PYPTO, LINEAR};
	static const size_t sizes[] = {1, 700, 1300};

	for (size_t mi = 0; mi < 2; mi++)
		for (size_t z = 0; z < 3; z++)
			for (int vary = 0; vary < 2; vary++) {
				struct fixture f;
				size_t n = sizes[z];
				double *rt[2] = {malloc(n * 8), malloc(n * 8)};
				double *ps[2] = {malloc(n * 8), malloc(n * 8)};
				struct price_steady memo = {0};

				open_fixture(&f, metrics[mi], n);
				if (vary)
					for (int k = 0; k < 2; k++)
						f.p[k]->has_runtime[1][n / 2] = 0;
				for (size_t r = 0; r < 4; r++) {
					struct price_fused_job job = {
					    .ses = f.ses[1],
					    .p = f.p[1],
					    .runtime = {rt[0], rt[1]},
					    .passed = {ps[0], ps[1]},
					    .resampled = 3,
					    .fill = fill,
					    .ctx = &f,
					    .steady = &memo};

					both(&f, r, &job, PRICE_LEAN);
					same_price(f.p[0], f.p[1], false);
				}
				assert_true(memo.known && memo.one[0] &&
				            memo.one[1]);
				assert_true(memo.one[2] == (!vary || n == 1));
				for (int s = 0; s < 2; s++) {
					free(rt[s]);
					free(ps[s]);
				}
				close_fixture(&f);
			}
}

/* Regular sides (every case quick, m samples each) whose pass states are
 * the same in every resample, read where they are (steady_passed: the
 * fill is handed no room for them), full, lean and with the sides whole
 * (PRICE_SIDES_FULL, as the cliffs read them), with a memo (lean: the
 * transitions made once, kept over resamples) and without: the same
 * bits as the resample made whole, the pass states those of the side. */
static void test_steady_passed(void **state)
{
	static const char *const metrics[] = {PYPTO, LINEAR};
	static const size_t sizes[] = {1, 700, 1300};
	static const unsigned whats[] = {0, PRICE_LEAN,
	                                 PRICE_LEAN | PRICE_SIDES_FULL};

	regular_run = true;
	for (size_t mi = 0; mi < 2; mi++)
		for (size_t z = 0; z < 3; z++)
			for (size_t wi = 0; wi < 6; wi++) {
				struct fixture f;
				size_t n = sizes[z];
				double *rt[2] = {malloc(n * 8), malloc(n * 8)};
				struct price_steady memo = {0};
				unsigned what = whats[wi % 3];

				open_fixture(&f, metrics[mi], n);
				for (size_t r = 0; r < 4; r++) {
					struct price_fused_job job = {
					    .ses = f.ses[1],
					    .p = f.p[1],
					    .runtime = {rt[0], rt[1]},
					    .passed = {f.side[0].regular_passed,
					               f.side[1].regular_passed},
					    .resampled = 3,
					    .steady_passed = 3,
					    .fill = fill,
					    .ctx = &f,
					    .steady = wi < 3 ? NULL : &memo};

					assert_true(f.side[0].regular &&
					            f.side[1].regular);
					both(&f, r, &job, what);
					same_price(f.p[0], f.p[1],
					           what == 0);
					for (int s = 0; s < 2; s++) {
						assert_memory_equal(
						    f.p[1]->passed[s], f.ps[s],
						    n * sizeof(double));
						if (what == PRICE_LEAN)
							continue;
						/* what the cliffs read */
						assert_memory_equal(
						    f.p[1]->score[s],
						    f.p[0]->score[s],
						    n * sizeof(double));
						assert_memory_equal(
						    f.p[1]->runtime[s],
						    f.p[0]->runtime[s],
						    n * sizeof(double));
					}
				}
				/* pypto-gym reads newly_passing: made once */
				assert_true(wi < 3 || what == 0 ||
				            mi == 1 || memo.trans[0]);
				price_steady_free(&memo);
				for (int s = 0; s < 2; s++)
					free(rt[s]);
				close_fixture(&f);
			}
	regular_run = false;
}

/* Some resample divides by zero: the same error either way. */
static void test_fault(void **state)
{
	for (unsigned what = 0; what <= PRICE_LEAN; what += PRICE_LEAN) {
		struct fixture f;
		double *rt[2] = {malloc(700 * 8), malloc(700 * 8)};
		double *ps[2] = {malloc(700 * 8), malloc(700 * 8)};
		struct diag d0, d1;
		size_t r = 0;

		open_fixture(&f, FAULT, 700);
		/* Case 3's before samples are 2.25 up: move one to 2. */
		((double *)f.side[0].v)[f.side[0].off[3]] = 2;
		while (whole(&f, r, &d0) == FP_OK && r < 200)
			r++;
		assert_true(r < 200);
		assert_int_equal(fused(&f, r, what, rt, ps, &d1), FP_ERR);
		assert_string_equal(d0.msg, d1.msg);
		for (int s = 0; s < 2; s++) {
			free(rt[s]);
			free(ps[s]);
		}
		close_fixture(&f);
	}
}

/* Any split of the cases: the values of the whole. */
static void test_range_split(void **state)
{
	struct fixture f;
	double part_rt[1300], part_ps[1300];
	static const size_t cuts[] = {0, 1, 100, 511, 512, 999, 1300};

	open_fixture(&f, PYPTO, 1300);
	for (unsigned s = 0; s < 2; s++) {
		assert_int_equal(noise_side_resample(&f.side[s], 1300, 7, 3, s,
		                                     PASS_ALL, &f.buf, f.rt[s],
		                                     f.ps[s]),
		                 FP_OK);
		for (size_t c = 0; c + 1 < 7; c++)
			assert_int_equal(noise_side_resample_range(
			                     &f.side[s], cuts[c], cuts[c + 1],
			                     7, 3, s, PASS_ALL, &f.buf,
			                     part_rt + cuts[c],
			                     part_ps + cuts[c]),
			                 FP_OK);
		assert_memory_equal(part_rt, f.rt[s], sizeof part_rt);
		assert_memory_equal(part_ps, f.ps[s], sizeof part_ps);
	}
	close_fixture(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_same_bits),
	    cmocka_unit_test(test_steady),
	    cmocka_unit_test(test_steady_passed),
	    cmocka_unit_test(test_fault),
	    cmocka_unit_test(test_range_split),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
