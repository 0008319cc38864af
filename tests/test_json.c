/* test_json.c: the JSON record (report/json.c, json_write.c): its exact
 * text for a small hand-made record, every value read back by jansson
 * bit for bit, the prediction's form, no cases, and the streaming writer
 * against jansson's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "report/internal.h"
#include "report/json_write.h"
#include "report/report.h"
#include "test_json_cases.h"
#include "test_report_fixture.h"

/* Reals in their shortest exact form: 0.3 is 0.3, 55/3 is
 * 18.333333333333332 (16 digits would read back as another double);
 * whole reals keep ".0". */
static const char JSON_MEASURED[] =
	"{\n"
	"  \"schema_version\": 2,\n"
	"  \"fixprice_version\": \"0.1.0\",\n"
	"  \"kind\": \"measured\",\n"
	"  \"scenario\": null,\n"
	"  \"metric\": {\n"
	"    \"name\": \"pypto-gym\",\n"
	"    \"version\": \"1\",\n"
	"    \"description\": \"pass reward plus performance score per case\",\n"
	"    \"source\": \"pricing playbook, step 3\",\n"
	"    \"path\": \"metrics/pypto-gym.yaml\",\n"
	"    \"sha256\": \"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef\",\n"
	"    \"params\": {\n"
	"      \"pass_reward\": 0.3,\n"
	"      \"perf_weight\": 0.5\n"
	"    },\n"
	"    \"formulas\": {\n"
	"      \"score\": \"min(1, ref_runtime / runtime)\",\n"
	"      \"value\": \"passed * (pass_reward + perf_weight * score)\",\n"
	"      \"total\": \"sum(weight * value) / W * 100\",\n"
	"      \"gain\": \"sum(weight * newly_passing * (pass_reward + perf_weight * score_after)) / W * 100\",\n"
	"      \"cost\": \"sum(weight * perf_weight * (score_before - score_after)) / W * 100\",\n"
	"      \"decide\": \"gain - cost > 0\"\n"
	"    },\n"
	"    \"defines\": [],\n"
	"    \"columns\": [\n"
	"      \"ref_runtime\"\n"
	"    ],\n"
	"    \"weights\": {\n"
	"      \"default\": 1.0,\n"
	"      \"rules\": []\n"
	"    }\n"
	"  },\n"
	"  \"inputs\": [\n"
	"    {\n"
	"      \"role\": \"before\",\n"
	"      \"path\": \"runs/before.csv\",\n"
	"      \"sha256\": \"1111111111111111111111111111111111111111111111111111111111111111\"\n"
	"    },\n"
	"    {\n"
	"      \"role\": \"after\",\n"
	"      \"path\": \"runs/after.csv\",\n"
	"      \"sha256\": \"2222222222222222222222222222222222222222222222222222222222222222\"\n"
	"    }\n"
	"  ],\n"
	"  \"gain\": 18.333333333333332,\n"
	"  \"cost\": 20.833333333333332,\n"
	"  \"net\": -2.5,\n"
	"  \"decision\": \"reject\",\n"
	"  \"total_before\": 45.0,\n"
	"  \"total_after\": 50.833333333333336,\n"
	"  \"delta_total\": 5.833333333333333,\n"
	"  \"control\": {\n"
	"    \"ok\": false,\n"
	"    \"gap\": -8.333333333333334,\n"
	"    \"cases\": [\n"
	"      \"C\"\n"
	"    ]\n"
	"  },\n"
	"  \"N\": 3,\n"
	"  \"W\": 3.0,\n"
	"  \"dropped_cases\": 1,\n"
	"  \"shares_defined\": true,\n"
	"  \"shares_undefined_reason\": null,\n"
	"  \"cases\": {\n"
	"    \"columns\": [\"case\", \"weight\", \"passed_before\", \"passed_after\", \"runtime_before\", \"runtime_after\", \"score_before\", \"score_after\", \"value_before\", \"value_after\", \"gain\", \"cost\"],\n"
	"    \"rows\": [\n"
	"      [\"A\",1.0,true,true,1.0,2.0,1.0,0.5,0.8,0.55,0.0,8.333333333333334],\n"
	"      [\"B\",1.0,true,true,2.0,4.0,0.5,0.25,0.55,0.425,0.0,4.166666666666667],\n"
	"      [\"C\",1.0,false,true,4.0,8.0,1.0,0.5,0.0,0.55,18.333333333333332,8.333333333333334]\n"
	"    ]\n"
	"  },\n"
	"  \"breakeven\": [\n"
	"    {\n"
	"      \"param\": \"pass_reward\",\n"
	"      \"value\": 0.3,\n"
	"      \"lo\": 0.0,\n"
	"      \"hi\": 2.0,\n"
	"      \"crossings\": [\n"
	"        0.375\n"
	"      ],\n"
	"      \"every_crossing\": true\n"
	"    }\n"
	"  ],\n"
	"  \"plots\": [\n"
	"    {\n"
	"      \"title\": \"Shares of gain and cost\",\n"
	"      \"file\": \"shares.svg\"\n"
	"    }\n"
	"  ]\n"
	"}\n";
/* ---- JSON --------------------------------------------------------------- */

static void test_json_measured(void **state)
{
	struct fixture f;
	char *s;

	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_JSON, 0);
	assert_string_equal(s, JSON_MEASURED);
	free(s);
}

static json_t *parse(const char *s)
{
	json_error_t err;
	json_t *root = json_loads(s, 0, &err);

	if (!root)
		fail_msg("JSON does not parse: %s at %d:%d", err.text, err.line,
		         err.column);
	return root;
}

static double real_at(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_real(v))
		fail_msg("'%s' is not a real", key);
	return json_real_value(v);
}

/* Every row of the cases table read back as the fixture's numbers. */
static void check_rows(json_t *root, const struct fixture *f)
{
	json_t *v, *c;

	v = json_cases(root);
	assert_int_equal(json_array_size(v), 3);
	for (size_t i = 0; i < 3; i++) {
		c = json_array_get(v, i);
		assert_string_equal(json_string_value(json_object_get(c, "case")),
		                    f->names[i]);
		assert_int_equal(json_is_true(json_object_get(c, "passed_before")),
		                 f->passed[0][i] != 0);
		assert_true(json_is_true(json_object_get(c, "passed_after")));
		assert_same_double(real_at(c, "weight"), f->weight[i]);
		assert_same_double(real_at(c, "runtime_before"), f->runtime[0][i]);
		assert_same_double(real_at(c, "runtime_after"), f->runtime[1][i]);
		assert_same_double(real_at(c, "score_before"), f->score[0][i]);
		assert_same_double(real_at(c, "score_after"), f->score[1][i]);
		assert_same_double(real_at(c, "value_before"), f->value[0][i]);
		assert_same_double(real_at(c, "value_after"), f->value[1][i]);
		assert_same_double(real_at(c, "gain"), f->gain_share[i]);
		assert_same_double(real_at(c, "cost"), f->cost_share[i]);
	}
	json_decref(v);
}

static void test_json_read_back(void **state)
{
	static const char *const keys[] = {
		"schema_version", "fixprice_version", "kind", "scenario", "metric", "inputs", "gain",
		"cost", "net", "decision", "total_before", "total_after",
		"delta_total", "control", "N", "W", "dropped_cases",
		"shares_defined", "shares_undefined_reason", "cases", "breakeven",
		"plots",
	};
	static const char *const columns[] = {
		"case", "weight", "passed_before", "passed_after",
		"runtime_before", "runtime_after", "score_before", "score_after",
		"value_before", "value_after", "gain", "cost",
	};
	struct fixture f;
	json_t *root, *v;
	const char *key;
	size_t k = 0;
	char *s;

	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_JSON, 0);
	root = parse(s);
	/* Keys in the documented order, and no others. */
	json_object_foreach(root, key, v) {
		assert_true(k < sizeof keys / sizeof keys[0]);
		assert_string_equal(key, keys[k]);
		k++;
	}
	assert_int_equal(k, sizeof keys / sizeof keys[0]);
	assert_string_equal(json_string_value(json_object_get(root, "kind")),
	                    "measured");
	assert_true(json_is_null(json_object_get(root, "scenario")));
	assert_same_double(real_at(root, "gain"), 55.0 / 3);
	assert_same_double(real_at(root, "cost"), 62.5 / 3);
	assert_same_double(real_at(root, "net"), 55.0 / 3 - 62.5 / 3);
	assert_same_double(real_at(root, "total_after"), 152.5 / 3);
	assert_same_double(real_at(root, "delta_total"), 17.5 / 3);
	assert_int_equal(json_integer_value(json_object_get(root, "N")), 3);
	assert_same_double(real_at(root, "W"), 3);
	assert_int_equal(json_integer_value(json_object_get(root,
	                 "dropped_cases")), 1);
	v = json_object_get(root, "control");
	assert_true(json_is_false(json_object_get(v, "ok")));
	assert_same_double(real_at(v, "gap"), -25.0 / 3);
	assert_string_equal(json_string_value(json_array_get(
	                    json_object_get(v, "cases"), 0)), "C");
	v = json_object_get(root, "metric");
	assert_same_double(real_at(json_object_get(v, "params"),
	                           "pass_reward"), 0.3);
	assert_string_equal(json_string_value(json_object_get(
	                    json_object_get(v, "formulas"), "decide")),
	                    "gain - cost > 0");
	assert_int_equal(json_integer_value(json_object_get(root,
	                 "schema_version")), 2);
	/* The documented columns, in order (no run facts: no n_*). */
	v = json_object_get(json_object_get(root, "cases"), "columns");
	assert_int_equal(json_array_size(v), sizeof columns / sizeof *columns);
	for (k = 0; k < sizeof columns / sizeof *columns; k++)
		assert_string_equal(json_string_value(json_array_get(v, k)),
		                    columns[k]);
	check_rows(root, &f);
	v = json_array_get(json_object_get(root, "breakeven"), 0);
	assert_same_double(real_at(v, "value"), 0.3);
	assert_same_double(json_real_value(json_array_get(
	                   json_object_get(v, "crossings"), 0)), 0.375);
	json_decref(root);
	free(s);
}

/* Doubles that print badly with too few digits come back bit for bit. */
static void test_json_exact_doubles(void **state)
{
	double awkward[6] = {0.1, 1.0 / 3, 5e-324, DBL_MAX, -0.0,
	                     123456789.12345678};
	struct fixture f;
	json_t *root, *cases;
	char *s;

	fixture_measured(&f);
	for (size_t i = 0; i < 3; i++) {
		f.runtime[0][i] = awkward[i];
		f.runtime[1][i] = awkward[3 + i];
	}
	s = fixture_render(&f.record, FORMAT_JSON, 0);
	root = parse(s);
	cases = json_cases(root);
	for (size_t i = 0; i < 3; i++) {
		json_t *c = json_array_get(cases, i);

		assert_same_double(real_at(c, "runtime_before"), awkward[i]);
		assert_same_double(real_at(c, "runtime_after"), awkward[3 + i]);
	}
	json_decref(cases);
	json_decref(root);
	free(s);
}

static void test_json_prediction_and_text(void **state)
{
	struct fixture f;
	json_t *root, *sc, *cases;
	char *s;

	fixture_prediction(&f);
	f.names[0] = "bad\xff utf8";   /* not UTF-8: escaped form */
	f.names[1] = "tab\there \x1b"; /* JSON escapes controls itself */
	f.price.gain_share = f.price.cost_share = NULL;
	snprintf(f.price.shares_undefined, sizeof f.price.shares_undefined,
	         "no sum");
	s = fixture_render(&f.record, FORMAT_JSON, 0);
	assert_non_null(strstr(s, "\n      [\"bad\\\\xff utf8\","));
	assert_non_null(strstr(s, "\n      [\"tab\\there \\u001B\","));
	root = parse(s);
	assert_string_equal(json_string_value(json_object_get(root, "kind")),
	                    "prediction");
	assert_string_equal(json_string_value(json_object_get(root, "decision")),
	                    "accept");
	sc = json_object_get(root, "scenario");
	assert_string_equal(json_string_value(json_object_get(sc, "name")),
	                    "fix C");
	assert_string_equal(json_string_value(json_object_get(sc, "path")),
	                    "scenarios/fix-c.yaml");
	assert_true(json_is_null(json_object_get(sc, "runtime")));
	assert_string_equal(json_string_value(json_array_get(
	                    json_object_get(sc, "pass"), 0)), "C");
	assert_int_equal(json_array_size(json_object_get(sc, "fail")), 0);
	assert_same_double(real_at(json_object_get(sc, "params"),
	                           "runtime_factor"), 1);
	assert_true(json_is_false(json_object_get(root, "shares_defined")));
	assert_string_equal(json_string_value(json_object_get(root,
	                    "shares_undefined_reason")), "no sum");
	cases = json_cases(root);
	assert_true(json_is_null(json_object_get(json_array_get(cases, 0),
	                                         "gain")));
	json_decref(cases);
	json_decref(root);
	free(s);
}

/* No cases at all: no rows, in jansson's layout, and valid JSON. */
static void test_json_no_cases(void **state)
{
	struct fixture f;
	json_t *root;
	char *s;

	fixture_measured(&f);
	f.price.n = 0;
	f.price.ncontrol_cases = 0;
	s = fixture_render(&f.record, FORMAT_JSON, 0);
	assert_non_null(strstr(s, "\n  \"shares_undefined_reason\": null,\n"
	                          "  \"cases\": {\n    \"columns\": [\""));
	assert_non_null(strstr(s, "\"cost\"],\n    \"rows\": []\n  },\n"
	                          "  \"breakeven\": [\n"));
	root = parse(s);
	assert_int_equal(json_array_size(json_object_get(
	                 json_object_get(root, "cases"), "rows")), 0);
	json_decref(root);
	free(s);
}

/* *s with its first from replaced by to (*s reallocated). */
static void replace_once(char **s, const char *from, const char *to)
{
	char *at = strstr(*s, from), *r;
	size_t head;

	assert_non_null(at);
	head = (size_t)(at - *s);
	r = malloc(strlen(*s) - strlen(from) + strlen(to) + 1);
	assert_non_null(r);
	memcpy(r, *s, head);
	strcpy(r + head, to);
	strcat(r, at + strlen(from));
	free(*s);
	*s = r;
}

/* json_write lays a tree out as jansson does, escapes included, but for
 * two differences: reals (shortest instead of 17 digits), and what must
 * not reach a terminal or a CI log raw even in data (DEL, U+2028, "##[":
 * util/escape.h's escape_data_hidden) written as \uHHHH, which a JSON
 * reader reads back as the same string. */
static void test_json_write_like_jansson(void **state)
{
	json_t *root = json_object(), *a = json_array(), *o = json_object();
	char *want, *got = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&got, &len);
	struct jw w;

	json_object_set_new(o, "k", json_array());
	json_object_set_new(o, "j", json_integer(-5));
	json_array_append_new(a, json_string("a\x01\x1f\x7f/\"\\\b\f\n\r\t"
	                                     "\xc3\xa9\xe2\x80\xa8 ##[x"));
	json_array_append_new(a, json_object());
	json_array_append_new(a, o);
	json_array_append_new(a, json_null());
	json_object_set_new(root, "z", a);
	json_object_set_new(root, "a", json_true());
	json_object_set_new(root, "m", json_false());
	json_object_set_new(root, "r", json_real(0.1));
	want = json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	jw_open(&w, mem);
	jw_tree(&w, root, 0);
	assert_true(jw_flush(&w, true));
	jw_close(&w);
	fclose(mem);
	/* Jansson's text with the differences put in is json_write's. */
	replace_once(&want, "0.10000000000000001\n}", "0.1\n}");
	replace_once(&want, "\x7f/", "\\u007F/");
	replace_once(&want, "\xe2\x80\xa8 ##[x", "\\u2028 \\u0023#[x");
	assert_int_equal(strlen(got), len);
	assert_string_equal(got, want);
	/* And read back, the same tree but for the real. */
	{
		json_t *back = json_loads(got, 0, NULL);
		assert_non_null(back);
		json_object_set_new(back, "r", json_real(0.1));
		assert_true(json_equal(back, root));
		json_decref(back);
	}
	free(want);
	free(got);
	json_decref(root);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	    cmocka_unit_test(test_json_measured),
	    cmocka_unit_test(test_json_read_back),
	    cmocka_unit_test(test_json_exact_doubles),
	    cmocka_unit_test(test_json_prediction_and_text),
	    cmocka_unit_test(test_json_no_cases),
	    cmocka_unit_test(test_json_write_like_jansson),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
