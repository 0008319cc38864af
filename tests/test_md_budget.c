/* The Markdown record within its limit (report/md_budget.c): for every
 * limit from the smallest allowed to past the whole record it never passes
 * the limit, keeps the summary whole and first, and holds no less as the
 * limit grows; the cases that matter come first, the folded ones
 * in case order when all fit; code points for md, bytes for github. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_report_fixture.h"

#define NCASES 300

struct many {
	struct fixture f;
	char names[NCASES][32];
	const char *name[NCASES];
	double w[NCASES], pb[NCASES], pa[NCASES], rb[NCASES], ra[NCASES];
	double sb[NCASES], sa[NCASES], g[NCASES], c[NCASES];
};

/* Eight é (2 bytes, 1 code point each) before a case's number. */
#define E8 "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"

/* 300 cases named E8 "-NNN": every 7th
 * newly passing with a gain share of 0.01 * its number, every case a
 * cost share of 0.001 * (300 - its number). */
static struct many *many_new(void)
{
	struct many *m = calloc(1, sizeof *m);
	struct price *p;

	assert_non_null(m);
	fixture_measured(&m->f);
	p = &m->f.price;
	for (size_t i = 0; i < NCASES; i++) {
		snprintf(m->names[i], sizeof m->names[i], E8 "-%03zu", i);
		m->name[i] = m->names[i];
		m->w[i] = 1;
		m->pb[i] = i % 7 != 0;
		m->pa[i] = 1;
		m->rb[i] = 1;
		m->ra[i] = 2;
		m->sb[i] = 1;
		m->sa[i] = 0.5;
		m->g[i] = i % 7 == 0 ? 0.01 * (double)i : 0;
		m->c[i] = 0.001 * (double)(NCASES - i);
	}
	p->n = NCASES;
	p->case_name = m->name;
	p->weight = m->w;
	p->passed[0] = m->pb;
	p->passed[1] = m->pa;
	p->runtime[0] = m->rb;
	p->runtime[1] = m->ra;
	p->score[0] = p->value[0] = m->sb;
	p->score[1] = p->value[1] = m->sa;
	p->gain_share = m->g;
	p->cost_share = m->c;
	p->ncontrol_cases = 0;
	return m;
}

static size_t code_points(const char *s)
{
	size_t n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80;
	return n;
}

/* Rows of cases in s: cells " | " E8 (the case, the last cell). */
static size_t rows(const char *s)
{
	size_t n = 0;

	for (const char *c = s; (c = strstr(c, " | " E8)); c++)
		n++;
	return n;
}

/* The first row of the table after from is the case's (E8 "-NNN"). */
static void assert_first_row(const char *from, const char *num)
{
	const char *row = strstr(from, "|---|\n"), *end;
	char want[64];
	size_t len;

	assert_non_null(row);
	row += strlen("|---|\n");
	end = strchr(row, '\n');
	assert_non_null(end);
	len = (size_t)snprintf(want, sizeof want, " | " E8 "-%s |", num);
	assert_true((size_t)(end - row) > len);
	assert_memory_equal(end - len, want, len);
}

static char *render(struct many *m, enum report_format form, size_t limit)
{
	m->f.record.md_limit = limit;
	return fixture_render(&m->f.record, form, 0);
}

static void test_every_limit(void **state)
{
	struct many *m = many_new();
	char *full = render(m, FORMAT_MD, 1000000), *first;
	size_t whole = code_points(full), last = 0;
	size_t summary = (size_t)(strstr(full, "\n### Cases") - full);

	assert_int_equal(rows(full), NCASES);
	assert_null(strstr(full, "more case"));
	first = strndup(full, summary);
	for (size_t limit = 2000; limit <= whole + 1000; limit += 37) {
		char *s = render(m, FORMAT_MD, limit);
		size_t n = rows(s);
		/* What a record holds, in the order it gives way: rows (the
		 * folded, then the top ones), then the chart.  A chart that
		 * does not fit leaves its room to rows, so more rows at a
		 * smaller limit without the chart is right. */
		size_t held = (strstr(s, "```mermaid") ? 100000 : 0) + n;

		if (code_points(s) > limit)
			fail_msg("limit %zu: %zu code points", limit,
			         code_points(s));
		/* The summary is whole and first. */
		if (strncmp(s, first, summary) != 0)
			fail_msg("limit %zu: the summary is cut", limit);
		if (held < last)
			fail_msg("limit %zu: %zu rows, less than before", limit,
			         n);
		/* Cases left out are counted. */
		if (n < NCASES && !strstr(s, "more case"))
			fail_msg("limit %zu: %zu rows and no count", limit, n);
		last = held;
		free(s);
	}
	/* A little past the whole record, it is the whole record. */
	assert_int_equal(last, 100000 + NCASES);
	free(first);
	free(full);
	free(m);
}

static void test_order(void **state)
{
	struct many *m = many_new();
	char *s = render(m, FORMAT_MD, 1000000), *t;
	const char *a, *b;

	/* Largest |gain| + |cost| first: case 294 (2.94 + 0.006). */
	a = strstr(s, "Largest shares of gain and cost (10 of 300 cases):");
	assert_non_null(a);
	assert_first_row(a, "294");
	/* The fold in case order: 000 before 001. */
	b = strstr(s, "<details><summary>The other 290 cases</summary>");
	assert_non_null(b);
	assert_true(strstr(b, " | " E8 "-001 |") <
	            strstr(b, " | " E8 "-002 |"));
	/* Cut: the fold in rank order, the rest counted. */
	t = render(m, FORMAT_MD, 8000);
	b = strstr(t, "<details><summary>The next ");
	assert_non_null(b);
	assert_non_null(strstr(t, " more cases, left out to fit the limit of "
	                          "8,000 characters (all of them in the CSV "
	                          "record, `--format csv`).\n"));
	/* The top ten are 294, 287, ..., 231 (every 7th, gain 0.01 * i);
	 * the 11th largest is 224 (2.24 + 0.076), first in the fold. */
	assert_first_row(b, "224");
	free(t);
	free(s);
	free(m);
}

/* github counts bytes: the same limit shows fewer 2-byte names. */
static void test_github_bytes(void **state)
{
	struct many *m = many_new();
	char *md = render(m, FORMAT_MD, 9000);
	char *gh = render(m, FORMAT_GITHUB, 9000);

	assert_true(strlen(gh) <= 9000);
	assert_true(strlen(md) > 9000);
	assert_true(rows(gh) < rows(md));
	assert_non_null(strstr(gh, "left out to fit the limit of 9,000 bytes"));
	free(md);
	free(gh);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_every_limit),
	    cmocka_unit_test(test_order),
	    cmocka_unit_test(test_github_bytes),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
