/* unique.c: duplicate case names (unique.h). */
#include "run/unique.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/strindex.h"

/* How a format gives samples of one case, for the duplicate-case error. */
static const char *samples_hint(const char *format)
{
	if (strcmp(format, "csv") == 0)
		return ": rows of one case are its samples only in a file "
		       "with a 'repetition' column";
	if (strcmp(format, "json") == 0 || strcmp(format, "yaml") == 0)
		return ": give each case once, its runtimes as a list in "
		       "'samples'";
	return "";
}

/* Case dup of r has the name of case first, an earlier one. */
static int duplicate(const struct run *r, size_t first, size_t dup,
                     struct diag *d)
{
	char shown[RUN_SHOW_SIZE];
	const char *name = r->case_name[dup];

	run_show(shown, sizeof shown, name, strlen(name));
	if (r->case_line[first] == 0)
		return diag_set(d, r->path, 0, 0,
		                "duplicate case '%s' (items %zu and %zu)%s",
		                shown, first + 1, dup + 1,
		                samples_hint(r->format));
	return diag_set(d, r->path, (int)r->case_line[dup],
	                (int)run_case_col(r, dup),
	                "duplicate case '%s' (first on line %u)%s", shown,
	                (unsigned)r->case_line[first], samples_hint(r->format));
}

/* The first name of names[0..n) met before, and *first its first
 * place, or STRINDEX_NONE; kept (if keep is not NULL) the index made. */
static int first_repeat(const char *const *names, size_t n, size_t *dup,
                        size_t *first, struct strindex **keep)
{
	struct strindex ix;

	if (!strindex_init(&ix, names, n))
		return FP_ERR;
	*dup = strindex_add_all(&ix, n, first);
	if (keep && *dup == STRINDEX_NONE && (*keep = malloc(sizeof ix))) {
		**keep = ix;
		return FP_OK;
	}
	strindex_free(&ix); /* not asked for, or out of memory: the join
	                     * makes its own */
	return FP_OK;
}

static int alone(struct run *r, struct diag *d)
{
	size_t dup, first = 0;

	if (first_repeat((const char *const *)r->case_name, r->n, &dup, &first,
	                 &r->name_index) != FP_OK)
		return diag_oom(d);
	return dup == STRINDEX_NONE ? FP_OK : duplicate(r, first, dup, d);
}

size_t run_look_up(const struct strindex *ix, const struct run *r, size_t *at)
{
	const char *keys[STRINDEX_BATCH];
	size_t rows[STRINDEX_BATCH], found[STRINDEX_BATCH], m = 0, missed = 0;

	for (size_t i = 0; i <= r->n; i++) {
		if (i < r->n && at[i] == STRINDEX_NONE) {
			rows[m] = i;
			keys[m++] = r->case_name[i];
		}
		if (m == STRINDEX_BATCH || (i == r->n && m)) {
			strindex_find_batch(ix, keys, m, found);
			for (size_t q = 0; q < m; q++) {
				at[rows[q]] = found[q];
				missed += found[q] == STRINDEX_NONE;
			}
			m = 0;
		}
	}
	return missed;
}

/* The earliest case of r whose name an earlier one has, and that one:
 * two cases found at one row of the other run, or two it lacks. */
static int repeat_of(const struct run *r, const size_t *at, size_t nother,
                     size_t *dup, size_t *first)
{
	unsigned char *seen = calloc(nother ? nother : 1, 1);
	const char **lack = NULL;
	size_t *lack_row = NULL, nlack = 0, ldup, lfirst = 0;
	int rc = FP_ERR;

	*dup = STRINDEX_NONE;
	for (size_t i = 0; seen && i < r->n; i++) {
		if (at[i] == STRINDEX_NONE)
			nlack++;
		else if (seen[at[i]] && *dup == STRINDEX_NONE)
			*dup = i;
		else
			seen[at[i]] = 1;
	}
	if (!seen)
		return FP_ERR;
	for (size_t k = 0; *dup != STRINDEX_NONE && k < *dup; k++)
		if (at[k] == at[*dup]) {
			*first = k;
			break;
		}
	if (nlack > 1 && (!(lack = malloc(nlack * sizeof *lack)) ||
	                  !(lack_row = malloc(nlack * sizeof *lack_row))))
		goto out;
	nlack = 0;
	for (size_t i = 0; lack && i < r->n; i++)
		if (at[i] == STRINDEX_NONE) {
			lack_row[nlack] = i;
			lack[nlack++] = r->case_name[i];
		}
	if (lack && first_repeat(lack, nlack, &ldup, &lfirst, NULL) != FP_OK)
		goto out;
	if (lack && ldup != STRINDEX_NONE && lack_row[ldup] < *dup) {
		*dup = lack_row[ldup];
		*first = lack_row[lfirst];
	}
	rc = FP_OK;
out:
	free(seen);
	free(lack);
	free(lack_row);
	return rc;
}

int run_check_unique(struct run *r, const struct run *other, size_t **rows,
                     struct diag *d)
{
	const struct strindex *x =
	    other && !other->part_next ? run_name_index(other) : NULL;
	size_t *at, dup, first = 0;

	if (rows)
		*rows = NULL;
	r->names_unchecked = false;
	if (!x)
		return alone(r, d);
	if (!(at = malloc((r->n ? r->n : 1) * sizeof *at)))
		return diag_oom(d);
	memset(at, 0xff, r->n * sizeof *at); /* STRINDEX_NONE: every name */
	run_look_up(x, r, at);
	if (repeat_of(r, at, other->n, &dup, &first) != FP_OK) {
		free(at);
		return diag_oom(d);
	}
	if (dup != STRINDEX_NONE) {
		free(at);
		return duplicate(r, first, dup, d);
	}
	if (rows)
		*rows = at;
	else
		free(at);
	return FP_OK;
}
