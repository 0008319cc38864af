/* test_invocation.c: the command line as the record's data
 * (report/invocation.h): written and read back, it is the same options in
 * a fixed order with their arguments as the options take them typed; each
 * malformed member is an error at its line and column; a record without
 * one is rebuilt from what it holds. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "cmd/invocation.h"
#include "report/invocation.h"
#include "run/formats/formats.h"
#include "run/formats/jsonpos.h"
#include "util/diag.h"

/* Reads text as an invocation. */
static int read_text(const char *text, struct rv_invocation *v, struct diag *d)
{
	json_t *root;
	struct jcur c;
	int rc;

	assert_int_equal(
	    fmt_json_parse("rec.json", text, strlen(text), &root, d), FP_OK);
	jcur_init(&c, text, strlen(text));
	rc = record_invocation_read("rec.json", root, &c, v, d);
	json_decref(root);
	return rc;
}

/* "name=arg name ..." of v's options, for comparing at a glance. */
static const char *opts_of(const struct rv_invocation *v)
{
	static char buf[1024];

	buf[0] = '\0';
	for (size_t i = 0; i < v->nopts; i++) {
		size_t n = strlen(buf);
		snprintf(buf + n, sizeof buf - n, "%s%s%s%s", i ? " " : "",
		         v->opts[i].name, v->opts[i].arg ? ":" : "",
		         v->opts[i].arg ? v->opts[i].arg : "");
	}
	return buf;
}

static void round_trip(void **state)
{
	/* Writable, as the command line's own (job.h) are. */
	char b[] = "b.csv", a[] = "a.csv", pr[] = "pass_reward", p[] = "p";
	char k[] = "k=*", rt[] = "runtime";
	char *runs[] = {b, a}, *set_name[] = {pr, p}, *globs[] = {k};
	char *to[] = {rt};
	double set_value[] = {0.1, -1e-05};
	double weights[] = {3};
	const char *pass[] = {"x*"}, *cases[] = {"k*", "m*"};
	const char *from[] = {"real_time"};
	struct record_invocation inv = {
	    .command = "price",
	    .nruns = 2,
	    .runs = runs,
	    .metric = "m.yaml",
	    .missing = "drop",
	    .estimator = "mean",
	    .time = "cpu",
	    .pass_policy = "any",
	    .results = {NULL, "r.xml"},
	    .have_factor = true,
	    .runtime_factor = 1.5,
	    .nsets = 2,
	    .set_name = set_name,
	    .set_value = set_value,
	    .nweights = 1,
	    .weight_glob = globs,
	    .weight_value = weights,
	    .npass = 1,
	    .pass = pass,
	    .ncases = 2,
	    .cases = cases,
	    .ncolumns = 1,
	    .column_to = to,
	    .column_from = from,
	    .bootstrap = 2000,
	    .confidence = 0.9,
	    .seed = UINT64_MAX,
	    .guard_off = {[GUARD_CONTROL] = true},
	    .margin_given = true,
	    .margin = 0.25,
	};
	json_t *o = record_invocation_json(&inv);
	char *text = json_dumps(o, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	struct rv_invocation v;
	struct diag d;

	assert_int_equal(read_text(text, &v, &d), FP_OK);
	assert_string_equal(v.command, "price");
	assert_int_equal(v.nruns, 2);
	assert_string_equal(v.runs[1], "a.csv");
	assert_string_equal(
	    opts_of(&v),
	    "metric:m.yaml set:pass_reward=0.1 set:p=-1e-05 weight:k=*=3 "
	    "runtime-factor:1.5 pass:x* missing:drop column:runtime=real_time "
	    "estimator:mean time:cpu results:r.xml cases:k* cases:m* "
	    "bootstrap:2000 confidence:0.9 seed:18446744073709551615 "
	    "pass-policy:any no-control-guard margin:0.25");
	rv_invocation_free(&v);
	free(text);
	json_decref(o);
}

/* Each malformed invocation: the message and where. */
static void malformed(void **state)
{
	static const struct {
		const char *text, *msg;
		int line, col;
	} cases[] = {
	    {"[1]", "invocation 'invocation' must be an object", 1, 1},
	    {"{\"runs\": [\"b\"], \"options\": {}}",
	     "invocation 'command' must name its command", 1, 1},
	    {"{\"command\": \"price\", \"options\": {}}",
	     "invocation 'runs' must hold its runs", 1, 1},
	    {"{\"command\": \"price\", \"runs\": [\"a\", \"b\", \"c\"], "
	     "\"options\": {}}",
	     "invocation 'runs' must be an array of at most two paths", 1, 30},
	    /* No runs: then --before and --after must give them. */
	    {"{\"command\": \"price\", \"runs\": [], \"options\": {\n"
	     "\"before\": [\"b\"]}}",
	     "invocation 'runs' must hold its runs, or 'before' and 'after' "
	     "theirs", 1, 30},
	    {"{\"command\": \"price\", \"runs\": [\"b\", 2], \"options\": {}}",
	     "invocation 'runs' must hold strings", 1, 36},
	    {"{\"command\": \"price\", \"runs\": [\"b\"]}",
	     "invocation 'options' must hold an object", 1, 1},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"set\": 1}}",
	     "invocation 'set' must be an array", 2, 8},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"set\": [{\"name\": \"p\", \"value\": \"1\"}]}}",
	     "invocation 'set' must hold objects with a string and a number", 2,
	     9},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"column\": [{\"to\": \"runtime\"}]}}",
	     "invocation 'column' must hold objects with two strings", 2, 12},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"pass\": [\"a\", 1]}}",
	     "invocation 'pass' must hold strings", 2, 15},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"metric\": 1}}",
	     "invocation 'metric' must be a string or null", 2, 11},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"margin\": \"1\"}}",
	     "invocation 'margin' must be a number or null", 2, 11},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"bootstrap\": 2.5}}",
	     "invocation 'bootstrap' must be a whole number", 2, 14},
	    {"{\"command\": \"price\", \"runs\": [\"b\"], \"options\": {\n"
	     "\"allow-newly-failing\": null}}",
	     "invocation 'allow-newly-failing' must be true or false", 2, 24},
	};

	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		struct rv_invocation v;
		struct diag d;
		char want[256];

		assert_int_equal(read_text(cases[i].text, &v, &d), FP_ERR);
		snprintf(want, sizeof want, "not a fixprice record: %s",
		         cases[i].msg);
		assert_string_equal(d.msg, want);
		assert_string_equal(d.file, "rec.json");
		if (d.line != cases[i].line || d.col != cases[i].col)
			fail_msg("case %zu: at %d:%d, expected %d:%d", i,
			         d.line, d.col, cases[i].line, cases[i].col);
		rv_invocation_free(&v);
	}
}

static void unknown_option(void **state)
{
	struct rv_invocation v;
	struct diag d;

	assert_int_equal(
	    read_text(
	        "{\"command\": \"price\", \"runs\": [\"b\"], \"options\": "
	        "{\n  \"turbo\": true}}",
	        &v, &d),
	    FP_ERR);
	assert_string_equal(d.msg, "invocation option 'turbo' is not one "
	                           "this fixprice knows");
	assert_int_equal(d.line, 2);
	assert_int_equal(d.col, 3);
	rv_invocation_free(&v);
}

/* What a record without an invocation holds becomes the options. */
static void guessed(void **state)
{
	static const char rec[] =
	    "{\"inputs\": [{\"role\": \"after\", \"path\": \"a.csv\"},"
	    " {\"role\": \"before\", \"path\": \"b.csv\"},"
	    " {\"role\": \"results after\", \"path\": \"r.xml\"}],"
	    " \"metric\": {\"name\": \"pypto-gym\", \"path\": "
	    "\"<builtin>/pypto-gym.yaml\", \"params\": {\"pass_reward\": 0.4},"
	    " \"weights\": {\"rules\": [{\"glob\": \"a\", \"weight\": 2.0, "
	    "\"origin\": \"--weight\"}, {\"glob\": \"c\", \"weight\": 5.0, "
	    "\"origin\": \"m.yaml:3:5\"}]}},"
	    " \"scenario\": null, \"dropped_cases\": 1,"
	    " \"runs\": {\"before\": {\"runtime_column\": \"real\"}},"
	    " \"verdict\": {\"estimator\": \"mean\", \"pass_policy\": \"all\","
	    " \"margin\": 0.0, \"control_run\": null, \"bootstrap\": {\"B\": "
	    "500, \"confidence\": 0.9, \"seed\": \"7\"}, \"guards\": "
	    "{\"newly_failing\": {\"on\": false}, \"control\": {\"on\": "
	    "true}}}}";
	json_t *root;
	struct rv_invocation v;
	struct diag d;

	assert_int_equal(fmt_json_parse("r", rec, strlen(rec), &root, &d),
	                 FP_OK);
	assert_int_equal(record_invocation_guess("r", root, &v, &d), FP_OK);
	assert_int_equal(v.nruns, 2);
	assert_string_equal(v.runs[0], "b.csv");
	assert_string_equal(v.runs[1], "a.csv");
	assert_string_equal(
	    opts_of(&v),
	    "results:r.xml metric:pypto-gym set:pass_reward=0.4 weight:a=2 "
	    "missing:drop column:runtime=real estimator:mean pass-policy:all "
	    "margin:0 bootstrap:500 confidence:0.9 seed:7 "
	    "allow-newly-failing");
	rv_invocation_free(&v);
	json_decref(root);
}

/* A control run the record does not name cannot be found again; a record
 * without runs is no record. */
static void guess_fails(void **state)
{
	static const char *const recs[] = {
	    "{\"inputs\": [{\"role\": \"before\", \"path\": \"b\"}], "
	    "\"verdict\": {\"control_run\": {\"net\": 0}}}",
	    "{\"inputs\": []}",
	};
	static const char *const msgs[] = {
	    "the record has no invocation and was judged against a control "
	    "run whose path it does not hold; price its inputs again with "
	    "price",
	    "not a fixprice record: no input has the role before, after or "
	    "both",
	};

	for (size_t i = 0; i < 2; i++) {
		json_t *root;
		struct rv_invocation v;
		struct diag d;

		assert_int_equal(
		    fmt_json_parse("r", recs[i], strlen(recs[i]), &root, &d),
		    FP_OK);
		assert_int_equal(record_invocation_guess("r", root, &v, &d),
		                 FP_ERR);
		assert_string_equal(d.msg, msgs[i]);
		rv_invocation_free(&v);
		json_decref(root);
	}
}

/* Taken back, an option price does not have is refused where it stands
 * (the reader lets through only price's, so this is the last guard). */
static void not_price_option(void **state)
{
	struct rv_invocation v = {0};
	struct cmd_call call = {.cmd = &cmd_price};
	struct cmd_paths p = {0};
	char *runs[2];
	size_t n;
	struct diag d;

	assert_non_null(v.command = strdup("price"));
	assert_int_equal(rv_invocation_add(&v, "record", "x", 3, 4, &d), FP_OK);
	assert_int_equal(
	    cmd_invocation_take(&call, &v, "rec.json", &p, runs, &n, &d),
	    FP_ERR);
	assert_string_equal(d.msg,
	                    "invocation option 'record' is not one of price's");
	assert_int_equal(d.line, 3);
	assert_int_equal(d.col, 4);
	rv_invocation_free(&v);
	cmd_paths_free(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(round_trip),
	    cmocka_unit_test(malformed),
	    cmocka_unit_test(unknown_option),
	    cmocka_unit_test(guessed),
	    cmocka_unit_test(guess_fails),
	    cmocka_unit_test(not_price_option),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
