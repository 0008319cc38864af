/* test_metric_util.h: helpers shared by the metric and scenario tests. */
#ifndef FP_TEST_METRIC_UTIL_H
#define FP_TEST_METRIC_UTIL_H

#include <math.h>

/* cmocka 1.1's assert_float_equal compares as float; these are doubles.
 * Fails showing both numbers when |got - want| > eps (eps 0: exact). */
#define assert_near(got, want, eps) do { \
	double got_ = (got), want_ = (want); \
	if (!(fabs(got_ - want_) <= (eps))) \
		fail_msg("%s = %.17g, want %.17g", #got, got_, want_); \
} while (0)

#endif
