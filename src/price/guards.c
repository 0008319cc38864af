/* guards.c: the guards' table (guards.h). */
#include <math.h>
#include <stddef.h>

#include "price/guards.h"
#include "util/rows.h"

static size_t newly_failing(const struct price *p)
{
	size_t n = 0;

	for (size_t i = 0; i < p->n; i++)
		n += p->passed[0][i] != 0 && p->passed[1][i] == 0;
	return n;
}

/* net and delta_total differ in sign (a difference in size is a note). */
static size_t sign_differs(const struct price *p)
{
	double tol = 1e-9 * fmax(1, fmax(fabs(p->net), fabs(p->delta_total)));

	if (p->control_ok)
		return 0;
	return (p->net > tol && p->delta_total < -tol) ||
	       (p->net < -tol && p->delta_total > tol);
}

const struct guard_def guard_table[] = {
    [GUARD_NEWLY_FAILING] = {GUARD_NEWLY_FAILING, "newly-failing",
                             "newly_failing", GUARD_NEWLY_FAILING_OPTION,
                             GUARD_NEWLY_FAILING_OFF, newly_failing,
                             GUARD_REJECTS,
                             offsetof(struct metric, guard_newly_failing)},
    [GUARD_CONTROL] = {GUARD_CONTROL, "control", "control",
                       GUARD_CONTROL_OPTION, GUARD_CONTROL_OFF, sign_differs,
                       GUARD_INCONCLUSIVE,
                       offsetof(struct metric, guard_control)},
};

FP_ROWS(guard_table, GUARD_COUNT);

bool guard_metric_on(const struct metric *m, enum guard_id g)
{
	return *(const bool *)((const char *)m + guard_table[g].metric_offset);
}
