/* junit_merge.c: a report's pass states into a run (junit_merge.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run/builder.h"
#include "run/junit_merge.h"

/* "CLASSNAME.NAME", or NAME without a classname; malloc'd. */
static char *full_name(const struct junit_test *t)
{
	size_t n = strlen(t->classname) + strlen(t->name) + 2;
	char *s = malloc(n);

	if (s && t->classname[0])
		snprintf(s, n, "%s.%s", t->classname, t->name);
	else if (s)
		snprintf(s, n, "%s", t->name);
	return s;
}

/* The pytest node id "a/b.py::C::t" as pytest's report writes it:
 * "a.b.C.t"; NULL (and *oom false) if name has no "::". */
static char *pytest_form(const char *name, bool *oom)
{
	const char *sep = strstr(name, "::");
	char *s, *o;

	*oom = false;
	if (!sep)
		return NULL;
	if (!(s = malloc(strlen(name) + 1))) {
		*oom = true;
		return NULL;
	}
	o = s;
	for (const char *p = name; *p; p++) {
		if (p < sep && strncmp(p, ".py::", 5) == 0 && p + 3 == sep) {
			*o++ = '.';
			p += 4;
		} else if (p < sep && *p == '/') {
			*o++ = '.';
		} else if (p[0] == ':' && p[1] == ':') {
			*o++ = '.';
			p++;
		} else {
			*o++ = *p;
		}
	}
	*o = '\0';
	return s;
}

/* The test whose full name is name, or whose bare name is name and is
 * the only one so called (with `bare`); -1 if none. */
static long find(const struct junit_report *rep, char *const *full,
                 const char *name, bool bare)
{
	long found = -1;

	for (size_t i = 0; i < rep->n; i++)
		if (strcmp(full[i], name) == 0)
			return (long)i;
	for (size_t i = 0; bare && i < rep->n; i++)
		if (strcmp(rep->tests[i].name, name) == 0) {
			if (found >= 0)
				return -1;
			found = (long)i;
		}
	return found;
}

/* The test that case name matches (junit_merge.h), or -1. */
static long match(const struct junit_report *rep, char *const *full,
                  const char *name, bool *oom)
{
	long t = find(rep, full, name, false);
	char *py;

	if (t >= 0)
		return t;
	if ((py = pytest_form(name, oom))) {
		t = find(rep, full, py, false);
		free(py);
		if (t >= 0)
			return t;
	}
	if (*oom)
		return -1;
	return find(rep, full, name, true);
}

/* Whether some case of run starts with prefix[0..len). */
static bool any_starts(const struct run *run, const char *prefix, size_t len)
{
	for (size_t i = 0; i < run->n; i++)
		if (strncmp(run->case_name[i], prefix, len) == 0)
			return true;
	return false;
}

/* The pytest node id of a test, for a run of pytest-benchmark: classname
 * "a.b.C" is module a/b.py and class C where some case of the run starts
 * "a/b.py::", else all module (a/b/C.py).  malloc'd. */
static char *node_id(const struct run *run, const struct junit_test *t)
{
	size_t len = strlen(t->classname), n = 2 * len + strlen(t->name) + 8;
	char *s = malloc(n);
	size_t cut = len;

	if (!s)
		return NULL;
	for (size_t k = 0; k <= len; k++) {
		if (k < len && t->classname[k] != '.')
			continue;
		snprintf(s, n, "%.*s.py::", (int)k, t->classname);
		for (char *p = s; p < s + k; p++)
			*p = *p == '.' ? '/' : *p;
		if (any_starts(run, s, k + 5)) {
			cut = k;
			break;
		}
	}
	snprintf(s, n, "%.*s.py", (int)cut, t->classname);
	for (char *p = s; *p; p++)
		*p = *p == '.' && p < s + cut ? '/' : *p;
	for (size_t k = cut; k < len; k++)
		if (t->classname[k] == '.')
			strcat(s, "::");
		else
			strncat(s, &t->classname[k], 1);
	strcat(s, "::");
	strcat(s, t->name);
	return s;
}

/* Grows a column of doubles by one cell, x. */
static bool grow_column(double **v, size_t n, double x)
{
	double *g = realloc(*v, (n + 1) * sizeof *g);

	if (!g)
		return false;
	g[n] = x;
	*v = g;
	return true;
}

static bool grow_positions(uint32_t **p, size_t n)
{
	uint32_t *g = realloc(*p, (n + 1) * sizeof *g);

	if (!g)
		return false;
	g[n] = 0;
	*p = g;
	return true;
}

/* Adds a case that fails and has no runtime; takes name. */
static bool append_case(struct run *run, char *name)
{
	size_t n = run->n;
	char **names = realloc(run->case_name, (n + 1) * sizeof *names);
	bool ok = names != NULL;

	if (names)
		run->case_name = names;
	ok = ok && grow_positions(&run->case_line, n) &&
	     (!run->case_col || grow_positions(&run->case_col, n));
	for (size_t c = 0; ok && c < run->ncols; c++) {
		struct column *col = &run->cols[c];
		const char *cn = col->name;
		double x = strcmp(cn, "runtime_n") == 0 ||
		                   strcmp(cn, "has_runtime") == 0 ||
		                   strcmp(cn, "passed") == 0
		               ? 0
		               : NAN;
		ok = (!col->v || grow_column(&col->v, n, x)) &&
		     (!col->line || grow_positions(&col->line, n)) &&
		     (!col->col || grow_positions(&col->col, n));
	}
	if (ok && run->sample_off) {
		size_t *g = realloc(run->sample_off, (n + 2) * sizeof *g);
		ok = g != NULL;
		if (g) {
			g[n + 1] = g[n];
			run->sample_off = g;
		}
	}
	if (!ok) {
		free(name);
		return false;
	}
	run->case_name[n] = name;
	run->n++;
	return true;
}

/* Catch2: a case "TESTCASE/BENCHMARK" is matched by the test of its test
 * case, the name up to some "/" (test case names may hold one too). */
static long match_test_case(const struct junit_report *rep, char *const *full,
                            const char *name, bool *oom)
{
	for (const char *p = strchr(name, '/'); p; p = strchr(p + 1, '/')) {
		char *test = strndup(name, (size_t)(p - name));
		long t;
		if (!test) {
			*oom = true;
			return -1;
		}
		t = match(rep, full, test, oom);
		free(test);
		if (t >= 0 || *oom)
			return t;
	}
	return -1;
}

/* The run's passed column, made (every case passing) if it has none. */
static struct column *passed_column(struct run *run, struct diag *d)
{
	double *v;

	if (run_find(run, "passed"))
		return (struct column *)run_numeric(run, "passed", d);
	if (!(v = malloc((run->n ? run->n : 1) * sizeof *v))) {
		diag_oom(d);
		return NULL;
	}
	for (size_t i = 0; i < run->n; i++)
		v[i] = 1;
	if (run_add_column(run, "passed", COL_PASS, v, d) != FP_OK)
		return NULL;
	return run_find(run, "passed");
}

/* Adds the failing tests that no case matched. */
static bool add_unmatched(struct run *run, const struct junit_report *rep,
                          char *const *full, const bool *used,
                          struct junit_merged *out)
{
	bool pytest = strcmp(run->format, "pytest-benchmark") == 0;

	for (size_t t = 0; t < rep->n; t++) {
		const struct junit_test *test = &rep->tests[t];
		char *name;
		if (used[t] || test->state != JUNIT_FAILED)
			continue;
		name = pytest && test->classname[0] ? node_id(run, test)
		                                    : strdup(full[t]);
		if (!name || !append_case(run, name))
			return false;
		out->added++;
	}
	return true;
}

int junit_merge(struct run *run, const struct junit_report *rep,
                bool add_failing, struct junit_merged *out, struct diag *d)
{
	char **full = calloc(rep->n ? rep->n : 1, sizeof *full);
	bool *used = calloc(rep->n ? rep->n : 1, sizeof *used), oom = !full;
	struct column *passed = NULL;
	double *from = NULL;
	size_t n0;
	int rc = FP_ERR;

	*out = (struct junit_merged){0};
	for (size_t t = 0; !oom && t < rep->n; t++)
		oom = !(full[t] = full_name(&rep->tests[t]));
	if (oom || !used) {
		diag_oom(d);
		goto out;
	}
	if (!(from = run_pass_from(run, d)) ||
	    !(passed = passed_column(run, d)))
		goto out;
	for (size_t i = 0; i < run->n && !oom; i++) {
		long t = match(rep, full, run->case_name[i], &oom);
		if (t < 0 && strcmp(run->format, "catch2") == 0)
			t = match_test_case(rep, full, run->case_name[i], &oom);
		if (t < 0)
			continue;
		used[t] = true;
		out->matched++;
		from[i] = RUN_FROM_REPORT;
		if (rep->tests[t].state != JUNIT_PASSED) {
			passed->v[i] = 0;
			out->failed++;
		}
	}
	n0 = run->n;
	if (oom || (add_failing && !add_unmatched(run, rep, full, used, out))) {
		diag_oom(d);
	} else {
		/* The cells grew with the cases added: find them again. */
		from = run_find(run, RUN_PASS_FROM)->v;
		for (size_t i = n0; i < run->n; i++)
			from[i] = RUN_FROM_REPORT;
		run->pass_merged += out->matched + out->added;
		rc = FP_OK;
	}
out:
	for (size_t t = 0; full && t < rep->n; t++)
		free(full[t]);
	free(full);
	free(used);
	return rc;
}
