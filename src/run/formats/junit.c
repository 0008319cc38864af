/* junit.c: reading a JUnit XML report with libxml2 (junit.h). */
#include "run/formats/junit.h"

#include <stdlib.h>
#include <string.h>

#include "run/formats/xml.h"
#include "run/run.h"
#include "util/source.h"
#include "util/strindex.h"

void junit_free(struct junit_report *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->n; i++) {
		free(r->tests[i].classname);
		free(r->tests[i].name);
	}
	free(r->tests);
	free(r->path);
	free(r);
}

#define is xml_is

static enum junit_state state_of(const xmlNode *tc)
{
	for (const xmlNode *c = tc->children; c; c = c->next) {
		if (is(c, "failure") || is(c, "error"))
			return JUNIT_FAILED;
		if (is(c, "skipped"))
			return JUNIT_SKIPPED;
	}
	return JUNIT_PASSED;
}

/* An attribute's value as a malloc'd string ("" when absent). */
static char *attr(const xmlNode *n, const char *name)
{
	xmlChar *v = xmlGetProp(n, (const xmlChar *)name);
	char *s = strdup(v ? (const char *)v : "");

	xmlFree(v);
	return s;
}

static int add_test(struct junit_report *r, size_t *cap, const xmlNode *tc,
                    struct diag *d)
{
	struct junit_test *t;
	xmlChar *name = xmlGetProp(tc, (const xmlChar *)"name");

	if (!name)
		return diag_set(d, r->path, (int)xmlGetLineNo(tc), 0,
		                "a <testcase> without a name");
	xmlFree(name);
	if (r->n == *cap) {
		size_t n = *cap ? 2 * *cap : 16;
		struct junit_test *grown = realloc(r->tests, n * sizeof *grown);
		if (!grown)
			return diag_oom(d);
		r->tests = grown;
		*cap = n;
	}
	t = &r->tests[r->n++];
	*t = (struct junit_test){attr(tc, "classname"), attr(tc, "name"),
	                         state_of(tc), (uint32_t)xmlGetLineNo(tc)};
	if (!t->classname || !t->name)
		return diag_oom(d);
	return FP_OK;
}

/* Every <testcase> under n, in document order. */
static int walk(struct junit_report *r, size_t *cap, const xmlNode *n,
                struct diag *d)
{
	for (; n; n = n->next) {
		if (is(n, "testcase")) {
			if (add_test(r, cap, n, d) != FP_OK)
				return FP_ERR;
		} else if (n->type == XML_ELEMENT_NODE &&
		           walk(r, cap, n->children, d) != FP_OK) {
			return FP_ERR;
		}
	}
	return FP_OK;
}

/* "a" sep "b", malloc'd, or NULL when out of memory. */
static char *joined(const char *a, const char *sep, const char *b)
{
	size_t la = strlen(a), ls = strlen(sep), lb = strlen(b);
	char *s = malloc(la + ls + lb + 1);

	if (s) {
		memcpy(s, a, la);
		memcpy(s + la, sep, ls);
		memcpy(s + la + ls, b, lb + 1);
	}
	return s;
}

static const char *state_word(enum junit_state s)
{
	return s == JUNIT_PASSED   ? "passed"
	       : s == JUNIT_FAILED ? "failed"
	                           : "skipped";
}

/* Why test i, named again after test `first`, is refused: two results. */
static int two_results(const struct junit_report *r, size_t first, size_t i,
                       struct diag *d)
{
	const struct junit_test *t = &r->tests[i];
	char shown[RUN_SHOW_SIZE];
	char *as = joined(t->classname, t->classname[0] ? "." : "", t->name);

	if (!as)
		return diag_oom(d);
	run_show(shown, sizeof shown, as, strlen(as));
	free(as);
	return diag_set(d, r->path, (int)t->line, 0,
	                "testcase '%s' %s at line %u and %s here: give one "
	                "result per test",
	                shown, state_word(r->tests[first].state),
	                r->tests[first].line, state_word(t->state));
}

/* A test the report names twice (a rerun, suites merged): kept once when
 * both say the same, refused at the second when they differ, for it has
 * no one result (it made a second case of the same name, W one too
 * large, or took the first by order). */
static int no_repeats(struct junit_report *r, struct diag *d)
{
	char **full = calloc(r->n ? r->n : 1, sizeof *full);
	bool *again = calloc(r->n ? r->n : 1, sizeof *again);
	struct strindex ix = {0};
	size_t kept = 0;
	int rc = FP_OK;

	if (!full || !again ||
	    !strindex_init(&ix, (const char *const *)full, r->n)) {
		free(full);
		free(again);
		return diag_oom(d);
	}
	for (size_t i = 0; i < r->n && rc == FP_OK; i++) {
		const struct junit_test *t = &r->tests[i];
		size_t first;

		/* Told apart with a separator no name has: "a.b" "c" is not
		 * "a" "b.c". */
		if (!(full[i] = joined(t->classname, "\x1f", t->name)))
			rc = diag_oom(d);
		else if ((first = strindex_add(&ix, i)) == STRINDEX_NONE)
			continue;
		else if (r->tests[first].state != t->state)
			rc = two_results(r, first, i, d);
		else
			again[i] = true;
	}
	strindex_free(&ix);
	for (size_t i = 0; i < r->n; i++) {
		free(full[i]);
		if (!again[i]) {
			r->tests[kept++] = r->tests[i];
		} else {
			free(r->tests[i].classname);
			free(r->tests[i].name);
		}
	}
	r->n = kept;
	free(full);
	free(again);
	return rc;
}

static int parse(struct junit_report *r, const struct source *src,
                 struct diag *d)
{
	xmlDoc *doc;
	size_t cap = 0;
	int rc;

	if (xml_parse(r->path, src->data, src->len, "a JUnit XML report", &doc,
	              d) != FP_OK)
		return FP_ERR;
	rc = walk(r, &cap, xmlDocGetRootElement(doc), d);
	xmlFreeDoc(doc);
	if (rc == FP_OK && r->n == 0)
		rc = diag_set(d, r->path, 0, 0, "no <testcase> in the report");
	return rc == FP_OK ? no_repeats(r, d) : rc;
}

int junit_load(const char *path, struct junit_report **out, struct diag *d)
{
	struct junit_report *r = calloc(1, sizeof *r);
	struct source src;
	int rc;

	if (!r || !(r->path = strdup(source_name(path)))) {
		free(r);
		return diag_oom(d);
	}
	if (source_read(path, JUNIT_MAX_FILE, &src, d) != FP_OK) {
		junit_free(r);
		return FP_ERR;
	}
	rc = parse(r, &src, d);
	memcpy(r->sha256, src.sha256, sizeof r->sha256);
	source_free(&src);
	if (rc != FP_OK) {
		junit_free(r);
		return FP_ERR;
	}
	*out = r;
	return FP_OK;
}
