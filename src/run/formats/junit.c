/* junit.c: reading a JUnit XML report with libxml2 (junit.h). */
#include "run/formats/junit.h"

#include <stdlib.h>
#include <string.h>

#include "run/formats/xml.h"
#include "util/source.h"

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
	return rc;
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
