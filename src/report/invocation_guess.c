/* invocation_guess.c: the invocation of a record made before records
 * carried one, rebuilt from what the record says (invocation.h). */
#include <stdio.h>
#include <string.h>

#include "report/invocation.h"
#include "util/diag.h"
#include "util/numfmt.h"

struct guess {
	const char *file;
	struct rv_invocation *v;
	struct diag *d;
	bool failed;
};

static void opt(struct guess *g, const char *name, const char *arg)
{
	if (!g->failed &&
	    rv_invocation_add(g->v, name, arg, 0, 0, g->d) != FP_OK)
		g->failed = true;
}

/* An option whose argument is "NAME=NUMBER". */
static void assign(struct guess *g, const char *option, const char *name,
                   json_t *x)
{
	char num[NUMFMT_MAX], arg[1024];

	if (!json_is_number(x))
		return;
	numfmt_shortest(num, json_number_value(x));
	snprintf(arg, sizeof arg, "%s=%s", name, num);
	opt(g, option, arg);
}

static const char *str_of(json_t *o, const char *key)
{
	return json_string_value(json_object_get(o, key));
}

static void inputs(struct guess *g, json_t *root)
{
	static const char *const order[] = {"before", "both", "after"};
	json_t *a = json_object_get(root, "inputs"), *x;
	size_t i;

	for (size_t k = 0; k < 3; k++)
		json_array_foreach(a, i, x)
		{
			const char *role = str_of(x, "role");
			if (role && strcmp(role, order[k]) == 0 && !g->failed &&
			    str_of(x, "path") &&
			    rv_invocation_add_run(g->v, str_of(x, "path"), 0, 0,
			                          g->d) != FP_OK)
				g->failed = true;
		}
	json_array_foreach(a, i, x)
	{
		const char *role = str_of(x, "role");
		if (!role)
			continue;
		if (strcmp(role, "results before") == 0)
			opt(g, "results-before", str_of(x, "path"));
		else if (strcmp(role, "results after") == 0)
			opt(g, "results", str_of(x, "path"));
	}
}

static void metric(struct guess *g, json_t *root)
{
	json_t *m = json_object_get(root, "metric"), *x;
	json_t *rules = json_object_get(json_object_get(m, "weights"), "rules");
	const char *path = str_of(m, "path"), *key;
	size_t i;

	/* A built-in copy by its name; any other by the file it read. */
	if (path && strncmp(path, "<builtin>/", 10) == 0)
		opt(g, "metric", str_of(m, "name"));
	else if (path)
		opt(g, "metric", path);
	json_object_foreach(json_object_get(m, "params"), key, x)
	    assign(g, "set", key, x);
	json_array_foreach(rules, i, x)
	{
		const char *origin = str_of(x, "origin");
		if (origin && strcmp(origin, "--weight") == 0 &&
		    str_of(x, "glob"))
			assign(g, "weight", str_of(x, "glob"),
			       json_object_get(x, "weight"));
	}
}

static void scenario(struct guess *g, json_t *root)
{
	json_t *s = json_object_get(root, "scenario"), *x;
	const char *key;
	size_t i;

	if (!json_is_object(s))
		return;
	if (json_is_string(json_object_get(s, "path"))) {
		opt(g, "scenario", str_of(s, "path"));
		json_object_foreach(json_object_get(s, "params"), key, x)
		    assign(g, "set", key, x);
		return;
	}
	/* Built from --runtime-factor, --pass and --fail. */
	x = json_object_get(json_object_get(s, "params"), "runtime_factor");
	if (json_is_number(x)) {
		char num[NUMFMT_MAX];
		opt(g, "runtime-factor",
		    numfmt_shortest(num, json_number_value(x)));
	}
	json_array_foreach(json_object_get(s, "pass"), i, x)
	    opt(g, "pass", json_string_value(x));
	json_array_foreach(json_object_get(s, "fail"), i, x)
	    opt(g, "fail", json_string_value(x));
}

static void runs(struct guess *g, json_t *root)
{
	json_t *r = json_object_get(root, "runs");
	json_t *before = json_object_get(r, "before");
	json_t *after = json_object_get(r, "after");
	const char *from = str_of(before, "runtime_column");
	json_t *n = json_object_get(root, "dropped_cases");
	char arg[1024];

	if (json_is_number(n) && json_number_value(n) > 0)
		opt(g, "missing", "drop");
	else if (json_array_size(
	             json_object_get(before, "missing_counted_failing")) ||
	         json_array_size(
	             json_object_get(after, "missing_counted_failing")))
		opt(g, "missing", "fail");
	if (from) {
		snprintf(arg, sizeof arg, "runtime=%s", from);
		opt(g, "column", arg);
	}
}

/* The control runs' paths: records have listed them among the inputs
 * since they carry an invocation too, so this is for hand-edited ones.
 * The number of them. */
static size_t control_paths(struct guess *g, json_t *root)
{
	size_t i, n = 0;
	json_t *x;

	json_array_foreach(json_object_get(root, "inputs"), i, x)
	{
		const char *role = str_of(x, "role");
		if (role && strcmp(role, "control") == 0 && str_of(x, "path")) {
			opt(g, "control", str_of(x, "path"));
			n++;
		}
	}
	return n;
}

static int verdict(struct guess *g, json_t *root)
{
	json_t *v = json_object_get(root, "verdict");
	json_t *b = json_object_get(v, "bootstrap");
	json_t *guards = json_object_get(v, "guards");
	char num[NUMFMT_MAX];

	if (!json_is_object(v))
		return FP_OK;
	if (!json_is_null(json_object_get(v, "control_run")) &&
	    !control_paths(g, root))
		return diag_set(g->d, g->file, 0, 0,
		                "the record has no invocation and was "
		                "judged against a control run whose path "
		                "it does not hold; price its inputs again "
		                "with price");
	if (str_of(v, "estimator"))
		opt(g, "estimator", str_of(v, "estimator"));
	if (str_of(v, "pass_policy"))
		opt(g, "pass-policy", str_of(v, "pass_policy"));
	if (json_is_number(json_object_get(v, "margin")))
		opt(g, "margin",
		    numfmt_shortest(
		        num, json_number_value(json_object_get(v, "margin"))));
	if (json_is_object(b)) {
		snprintf(num, sizeof num, "%.0f",
		         json_number_value(json_object_get(b, "B")));
		opt(g, "bootstrap", num);
		if (json_is_number(json_object_get(b, "confidence")))
			opt(g, "confidence",
			    numfmt_shortest(
			        num, json_number_value(
			                 json_object_get(b, "confidence"))));
		if (str_of(b, "seed"))
			opt(g, "seed", str_of(b, "seed"));
	}
	if (json_is_false(json_object_get(
	        json_object_get(guards, "newly_failing"), "on")))
		opt(g, "allow-newly-failing", NULL);
	if (json_is_false(
	        json_object_get(json_object_get(guards, "control"), "on")))
		opt(g, "no-control-guard", NULL);
	return FP_OK;
}

int record_invocation_guess(const char *file, json_t *root,
                            struct rv_invocation *out, struct diag *d)
{
	struct guess g = {file, out, d, false};

	*out = (struct rv_invocation){0};
	if (!(out->command = strdup("price")))
		return diag_oom(d);
	inputs(&g, root);
	metric(&g, root);
	scenario(&g, root);
	runs(&g, root);
	if (verdict(&g, root) != FP_OK || g.failed)
		return FP_ERR;
	if (out->nruns == 0)
		return diag_set(d, file, 0, 0,
		                "not a fixprice record: no input has the role "
		                "before, after or both");
	return FP_OK;
}
