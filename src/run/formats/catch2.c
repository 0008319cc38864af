/* catch2.c: Catch2's XML reporter (-r xml), version 2.
 *
 *   <Catch name="tests">
 *    <Group name="tests">
 *     <TestCase name="spin" ...>
 *      <BenchmarkResults name="spin 64" samples="100" iterations="1172">
 *       <mean value="30.91" lowerBound=... upperBound=... ci="0.95"/>
 *       <standardDeviation value="0.658443" .../>
 *      </BenchmarkResults>
 *      <OverallResult success="true"/>
 *
 * Each BenchmarkResults is a case, named "TESTCASE/BENCHMARK"; its pass
 * state is its test case's OverallResult, and a benchmark that failed (a
 * <failed> child: it threw) fails with no runtime.  Catch2 2.x writes no
 * samples, only their mean (with --benchmark-no-analysis the plain mean,
 * its bounds equal), so the one sample of a case is that mean, in seconds,
 * and the run says its runtimes are the mean aggregate of `samples`
 * samples.  Columns: passed, samples, iterations, stddev (seconds).  A
 * failing test case without any benchmark (it failed before its first) is
 * a failing case named by the test case; a passing one is no case and is
 * listed as not priced.  Its JUnit report (-r junit) merges by test-case
 * name into the benchmarks of that test case (junit_merge.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/tree.h>

#include "run/builder.h"
#include "run/formats/formats.h"
#include "run/formats/xml.h"
#include "util/numfmt.h"

enum { COL_PASSED, COL_SAMPLES, COL_ITERATIONS, COL_STDDEV, NCOLS };
static const char *const col_names[NCOLS] = {"passed", "samples", "iterations",
                                             "stddev"};

bool fmt_catch2_detect(const char *text, size_t len)
{
	size_t n = len < 4096 ? len : 4096;

	for (size_t i = 0; i + 7 <= n; i++)
		if (memcmp(text + i, "<Catch ", 7) == 0)
			return text[0] == '<';
	return false;
}

struct c2 {
	const struct fmt_src *src;
	struct run_builder b;
	int oom;
};

/* A number attribute of n (NaN when absent or no number). */
static double number(struct c2 *st, const xmlNode *n, const char *name)
{
	char *v = xml_attr(n, name, &st->oom);
	double x = NAN;

	if (v && !numfmt_parse(v, strlen(v), &x))
		x = NAN;
	free(v);
	return x;
}

static const xmlNode *child(const xmlNode *n, const char *name)
{
	for (const xmlNode *c = n->children; c; c = c->next)
		if (xml_is(c, name))
			return c;
	return NULL;
}

/* Whether the test case passed: its OverallResult's success. */
static bool test_passed(struct c2 *st, const xmlNode *tc)
{
	const xmlNode *r = child(tc, "OverallResult");
	char *v = r ? xml_attr(r, "success", &st->oom) : NULL;
	bool ok = v && strcmp(v, "true") == 0;

	free(v);
	return ok;
}

static int add_cells(struct c2 *st, double passed, double samples,
                     double iterations, double sd, uint32_t line)
{
	double v[NCOLS] = {passed, samples, iterations, sd};

	for (int k = 0; k < NCOLS; k++)
		if (rb_number(&st->b, (size_t)k, v[k], line, 0) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* One BenchmarkResults of the test case called test. */
static int benchmark(struct c2 *st, const char *test, bool passed,
                     const xmlNode *br)
{
	char *name = xml_attr(br, "name", &st->oom), *full;
	uint32_t line = (uint32_t)xmlGetLineNo(br);
	const xmlNode *mean = child(br, "mean");
	const xmlNode *sd = child(br, "standardDeviation");
	size_t len;
	int rc;

	if (!name)
		return st->oom
		           ? diag_oom(st->b.d)
		           : diag_set(st->b.d, st->src->path, (int)line, 0,
		                      "a <BenchmarkResults> without a name");
	len = strlen(test) + strlen(name) + 2;
	full = malloc(len);
	if (!full) {
		free(name);
		return diag_oom(st->b.d);
	}
	snprintf(full, len, "%s/%s", test, name);
	free(name);
	rc = rb_case(&st->b, full, strlen(full), line, 0);
	free(full);
	if (rc != FP_OK)
		return FP_ERR;
	if (child(br, "failed") || !mean)
		return add_cells(st, 0, NAN, NAN, NAN, line);
	if (rb_sample(&st->b, number(st, mean, "value") * 1e-9, -1) != FP_OK)
		return FP_ERR;
	return add_cells(st, passed, number(st, br, "samples"),
	                 number(st, br, "iterations"),
	                 sd ? number(st, sd, "value") * 1e-9 : NAN, line);
}

/* Every BenchmarkResults under n (sections nest them), in order. */
static int benchmarks(struct c2 *st, const char *test, bool passed,
                      const xmlNode *n, size_t *count)
{
	for (const xmlNode *c = n->children; c; c = c->next) {
		if (xml_is(c, "BenchmarkResults")) {
			(*count)++;
			if (benchmark(st, test, passed, c) != FP_OK)
				return FP_ERR;
		} else if (c->type == XML_ELEMENT_NODE &&
		           benchmarks(st, test, passed, c, count) != FP_OK) {
			return FP_ERR;
		}
	}
	return FP_OK;
}

static int test_case(struct c2 *st, const xmlNode *tc)
{
	char *name = xml_attr(tc, "name", &st->oom);
	bool passed = test_passed(st, tc);
	uint32_t line = (uint32_t)xmlGetLineNo(tc);
	size_t count = 0;
	int rc;

	if (!name)
		return st->oom ? diag_oom(st->b.d)
		               : diag_set(st->b.d, st->src->path, (int)line, 0,
		                          "a <TestCase> without a name");
	rc = benchmarks(st, name, passed, tc, &count);
	if (rc == FP_OK && count == 0 && passed)
		rc =
		    rb_unpriced(&st->b, name, "a test case without benchmarks");
	else if (rc == FP_OK && count == 0)
		rc = rb_case(&st->b, name, strlen(name), line, 0) ||
		             add_cells(st, 0, NAN, NAN, NAN, line)
		         ? FP_ERR
		         : FP_OK;
	free(name);
	return rc;
}

/* Every TestCase under n, in document order. */
static int walk(struct c2 *st, const xmlNode *n)
{
	for (; n; n = n->next) {
		if (xml_is(n, "TestCase")) {
			if (test_case(st, n) != FP_OK)
				return FP_ERR;
		} else if (n->type == XML_ELEMENT_NODE &&
		           walk(st, n->children) != FP_OK) {
			return FP_ERR;
		}
	}
	return st->oom ? diag_oom(st->b.d) : FP_OK;
}

int fmt_catch2(const struct fmt_src *s, struct run **out, struct diag *d)
{
	struct c2 st = {.src = s};
	xmlDoc *doc;
	const xmlNode *root;
	int rc = FP_ERR;

	if (xml_parse(s->path, s->text, s->len, "a Catch2 XML report", &doc,
	              d) != FP_OK)
		return FP_ERR;
	root = xmlDocGetRootElement(doc);
	rb_init(&st.b, s->path, "catch2", d);
	rb_use_samples(&st.b);
	st.b.aggregate = "mean";
	st.b.aggregate_of = "samples";
	if (!root || !xml_is(root, "Catch")) {
		diag_set(d, s->path, root ? (int)xmlGetLineNo(root) : 0, 0,
		         "not a Catch2 XML report: the root is no <Catch>");
		goto out;
	}
	for (int k = 0; k < NCOLS; k++)
		if (rb_add_column(&st.b, col_names[k], strlen(col_names[k]), 0,
		                  0) < 0)
			goto out;
	if (walk(&st, root->children) == FP_OK)
		rc = rb_finish(&st.b, out);
out:
	rb_discard(&st.b);
	xmlFreeDoc(doc);
	return rc;
}
