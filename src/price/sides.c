/* sides.c: a side's runs for the loader (sides.h). */
#include "price/sides.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "util/numfmt.h"

void sides_free(struct side_runs *sr)
{
	for (size_t j = 0; j < sr->n; j++)
		run_free(sr->r[j]);
	sr->n = 0;
}

int sides_unchain(struct run **in, const char *const *path, size_t k, int s,
                  struct side_runs *out, struct diag *d)
{
	int rc = FP_OK;

	out->n = 0;
	for (size_t j = 0; j < k; j++) {
		if (rc == FP_OK && in[j]->part_by && k > 1)
			rc = diag_set(d, in[j]->path, (int)in[j]->part_line,
			              (int)in[j]->part_col,
			              "a '%s' column gives every run of a side "
			              "in one file: give this file alone to "
			              "--%s, or one file per run without the "
			              "column",
			              in[j]->part_by, s ? "after" : "before");
		for (struct run *p = in[j], *next; p; p = next) {
			next = p->part_next;
			p->part_next = NULL;
			if (out->n == RUN_MAX_MERGED) {
				run_free(p); /* only after an error */
				continue;
			}
			out->path[out->n] = path[j];
			out->r[out->n++] = p;
		}
		in[j] = NULL;
	}
	if (rc != FP_OK)
		sides_free(out);
	return rc;
}

void sides_labels(const struct side_runs *sr, struct side_rounds *out)
{
	*out = (struct side_rounds){.n = sr->n};
	if (!sr->n || !sr->r[0]->part_by)
		return;
	out->by = sr->r[0]->part_by;
	out->path = sr->r[0]->path;
	out->line = sr->r[0]->part_line;
	out->col = sr->r[0]->part_col;
	for (size_t j = 0; j < sr->n; j++)
		out->label[j] = sr->r[j]->part_label;
}

static bool is_rounds(const struct side_rounds *r)
{
	return r->by && strcmp(r->by, "round") == 0;
}

/* The labels of r, "1, 2, 3", into buf. */
static void list(const struct side_rounds *r, char *buf, size_t size)
{
	size_t at = 0;

	buf[0] = '\0';
	for (size_t j = 0; j < r->n && at < size; j++) {
		char x[NUMFMT_MAX];
		int w = snprintf(buf + at, size - at, "%s%s", j ? ", " : "",
		                 numfmt_exact(x, r->label[j]));
		at += w > 0 ? (size_t)w : 0;
	}
}

int sides_check_rounds(const struct side_rounds r[2], struct diag *d)
{
	bool same = r[0].n == r[1].n;
	const struct side_rounds *at = r[1].by ? &r[1] : &r[0];
	char b[RUN_MAX_MERGED * (NUMFMT_MAX + 2)], a[sizeof b];

	if (!is_rounds(&r[0]) && !is_rounds(&r[1]))
		return FP_OK;
	if (!is_rounds(&r[0]) || !is_rounds(&r[1]))
		return diag_set(d, at->path, (int)at->line, (int)at->col,
		                "rounds pair before and after: give a 'round' "
		                "column on both sides, not on %s alone",
		                is_rounds(&r[0]) ? "before" : "after");
	for (size_t j = 0; same && j < r[0].n; j++)
		same = r[0].label[j] == r[1].label[j];
	if (same)
		return FP_OK;
	list(&r[0], b, sizeof b);
	list(&r[1], a, sizeof a);
	return diag_set(d, at->path, (int)at->line, (int)at->col,
	                "rounds %s after, %s before: rounds pair before and "
	                "after, so both sides give the same rounds",
	                a, b);
}

/* One file by two names is found by device and inode before it is read
 * (a pipe reads once), a copy by its hash once read. */
int sides_distinct(const struct load_request *rq, int s, struct run *const *r,
                   struct diag *d)
{
	const char *const *path = rq->runs[s];
	const char *flag = rq->runs_flag[s] ? rq->runs_flag[s]
	                   : s              ? "after"
	                                    : "before";

	for (size_t j = 1; j < rq->nruns[s]; j++)
		for (size_t i = 0; i < j; i++) {
			struct stat a, b;

			if (r && r[j]->sha256[0] &&
			    strcmp(r[i]->sha256, r[j]->sha256) == 0)
				return diag_set(
				    d, rq->origin, 0, 0,
				    "--%s: '%s' (run %zu) has the same bytes "
				    "as '%s' (run %zu): each run is another "
				    "measurement, so give each once",
				    flag, path[j], j + 1, path[i], i + 1);
			/* A name that cannot be read: the loader says why. */
			if (!r && strcmp(path[i], "-") != 0 &&
			    strcmp(path[j], "-") != 0 &&
			    stat(path[i], &a) == 0 && stat(path[j], &b) == 0 &&
			    a.st_dev == b.st_dev && a.st_ino == b.st_ino)
				return diag_set(
				    d, rq->origin, 0, 0,
				    "--%s: '%s' is run %zu and run %zu: each "
				    "run is another measurement, so give each "
				    "file once",
				    flag, path[j], i + 1, j + 1);
		}
	return FP_OK;
}
