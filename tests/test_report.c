/* Tests for the record writers (src/report/): each form's exact text for a
 * small hand-made record, JSON and CSV read back, hostile names, write
 * errors, determinism. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <csv.h>
#include <jansson.h>

#include "report/internal.h"
#include "report/json_write.h"
#include "report/report.h"
#include "test_json_cases.h"
#include "test_report_fixture.h"

/* What the text writer prints for fixture_measured (numbers: see the
 * arithmetic in test_report_fixture.c). */
static const char TEXT_MEASURED[] =
	"REJECT: net -2.5000 = gain 18.3333 - cost 20.8333\n"
	"metric pypto-gym version 1, 3 cases, W 3\n"
	"dropped: 1 case found in only one run\n"
	"control: total_before 45.0000, total_after 50.8333, delta_total 5.8333\n"
	"  DISAGREES with net by -8.3333 (net - delta_total); cases that account for it:\n"
	"    C\n"
	"cases that matter most:\n"
	"  case  gain share  cost share  difference\n"
	"  C        18.3333      8.3333     10.0000\n"
	"  A         0.0000      8.3333     -8.3333\n"
	"  B         0.0000      4.1667     -4.1667\n"
	"break-even: pass_reward = 0.375 (searched 0 to 2); now 0.3\n"
	"plot: Shares of gain and cost: shares.svg\n";

/* What verbose adds: the whole per-case table. */
static const char TEXT_TABLE[] =
	"per case:\n"
	"  case  weight  pass before  pass after  runtime before  runtime after  score before  score after  gain share  cost share\n"
	"  A          1         pass        pass               1              2        1.0000       0.5000      0.0000      8.3333\n"
	"  B          1         pass        pass               2              4        0.5000       0.2500      0.0000      4.1667\n"
	"  C          1         fail        pass               4              8        1.0000       0.5000     18.3333      8.3333\n";

static const char TEXT_PREDICTION[] =
	"ACCEPT: net 26.6667 = gain 26.6667 - cost 0.0000\n"
	"PREDICTION from scenario 'fix C' (not measured)\n"
	"metric pypto-gym version 1, 3 cases, W 3\n"
	"control: total_before 45.0000, total_after 71.6667, delta_total 26.6667 (agrees\n"
	"  with net)\n"
	"cases that matter most:\n"
	"  case  gain share  cost share  difference\n"
	"  C        26.6667      0.0000     26.6667\n";

static const char MD_MEASURED[] =
	"**REJECT: net -2.5000 = gain 18.3333 - cost 20.8333**\n"
	"\n"
	"**Cases:** 1 newly passing, 0 newly failing, 0 still failing; 3 slower, 0 faster; runtime after/before over the 3 cases with both: median 2, geometric mean 2.\n"
	"\n"
	"### Arithmetic\n"
	"\n"
	"Metric pypto-gym version 1, N = 3 cases, W = 3.\n"
	"\n"
	"- gain = `sum(weight * newly_passing * (pass_reward + perf_weight * score_after)) / W * 100` = `sum(weight * newly_passing * (0.3 + 0.5 * score_after)) / 3 * 100` = **18.3333**\n"
	"- cost = `sum(weight * perf_weight * (score_before - score_after)) / W * 100` = `sum(weight * 0.5 * (score_before - score_after)) / 3 * 100` = **20.8333**\n"
	"- net = gain - cost = 18.3333 - 20.8333 = **-2.5000**\n"
	"- decision: `gain - cost > 0` gives **reject**\n"
	"- with `pass_reward` = 0.3, `perf_weight` = 0.5\n"
	"\n"
	"### Control\n"
	"\n"
	"The metric's own total: `total_before` = 45.0000, `total_after` = 50.8333, `delta_total` = 5.8333.\n"
	"**`net` disagrees with `delta_total` by -8.3333** (`net - delta_total`). Cases that account for it: C.\n"
	"\n"
	"### Cases that matter most\n"
	"\n"
	"```mermaid\n"
	"%%{init: {\"xyChart\": {\"yAxis\": {\"showLabel\": false}}, \"themeVariables\": {\"xyChart\": {\"plotColorPalette\": \"#1a7f37, #cf222e\"}}}}%%\n"
	"xychart-beta horizontal\n"
	"    title \"Largest contributions to net (gain share - cost share), and net\"\n"
	"    x-axis [\"1: +10.0000 C\", \"2: -8.3333 A\", \"3: -4.1667 B\", \"net -2.5000\"]\n"
	"    y-axis \"size (green adds to net, red takes from it)\" 0 --> 10.0000\n"
	"    bar [10.0000, 0.0000, 0.0000, 0.0000]\n"
	"    bar [0.0000, 8.3333, 4.1667, 2.5000]\n"
	"```\n"
	"\n"
	"Largest shares of gain and cost (3 of 3 cases):\n"
	"\n"
	"| case | weight | pass before | pass after | runtime before | runtime after | score before | score after | gain share | cost share |\n"
	"|---|--:|---|---|--:|--:|--:|--:|--:|--:|\n"
	"| C | 1 | fail | pass | 4 | 8 | 1.0000 | 0.5000 | 18.3333 | 8.3333 |\n"
	"| A | 1 | pass | pass | 1 | 2 | 1.0000 | 0.5000 | 0.0000 | 8.3333 |\n"
	"| B | 1 | pass | pass | 2 | 4 | 0.5000 | 0.2500 | 0.0000 | 4.1667 |\n"
	"\n"
	"### Break-even\n"
	"\n"
	"| parameter | now | searched | net = 0 at |\n"
	"|---|--:|---|---|\n"
	"| `pass_reward` | 0.3 | 0 to 2 | 0.375 |\n"
	"\n"
	"### Plots\n"
	"\n"
	"![Shares of gain and cost](shares.svg)\n"
	"\n"
	"### Provenance\n"
	"\n"
	"- tool: fixprice 0.1.0\n"
	"- metric: pypto-gym version 1 from `metrics/pypto-gym.yaml`, sha256 `0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef`\n"
	"- description: pass reward plus performance score per case\n"
	"- source: pricing playbook, step 3\n"
	"- parameters: `pass_reward` = 0.3, `perf_weight` = 0.5\n"
	"- weights: default 1\n"
	"- dropped: 1 case found in only one run\n"
	"\n"
	"| input | path | sha256 |\n"
	"|---|---|---|\n"
	"| before | `runs/before.csv` | `1111111111111111111111111111111111111111111111111111111111111111` |\n"
	"| after | `runs/after.csv` | `2222222222222222222222222222222222222222222222222222222222222222` |\n";

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
	"      ]\n"
	"    }\n"
	"  ],\n"
	"  \"plots\": [\n"
	"    {\n"
	"      \"title\": \"Shares of gain and cost\",\n"
	"      \"file\": \"shares.svg\"\n"
	"    }\n"
	"  ]\n"
	"}\n";

/* Shortest round-trip numbers: 25/3 is 8.333333333333334. */
static const char CSV_MEASURED[] =
	"case,weight,passed_before,passed_after,runtime_before,runtime_after,score_before,score_after,value_before,value_after,gain,cost,n_before,n_after\n"
	"\"A\",1,true,true,1,2,1,0.5,0.8,0.55,0,8.333333333333334,,\n"
	"\"B\",1,true,true,2,4,0.5,0.25,0.55,0.425,0,4.166666666666667,,\n"
	"\"C\",1,false,true,4,8,1,0.5,0,0.55,18.333333333333332,8.333333333333334,,\n";

/* ---- format names ------------------------------------------------------ */

static void test_format_parse(void **state)
{
	static const struct {
		const char *name;
		enum report_format f;
	} ok[] = {{"text", FORMAT_TEXT}, {"md", FORMAT_MD},
	          {"json", FORMAT_JSON}, {"csv", FORMAT_CSV},
	          {"openmetrics", FORMAT_OPENMETRICS},
	          {"github", FORMAT_GITHUB}};
	enum report_format f;
	struct diag d = {0};

	(void)state;
	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		assert_int_equal(report_format_parse(ok[i].name, &f, &d), FP_OK);
		assert_int_equal(f, ok[i].f);
	}
	assert_int_equal(report_format_parse("xml", &f, &d), FP_ERR);
	assert_string_equal(d.msg, "unknown format 'xml'; use text, md, json, "
	                           "csv, openmetrics or github");
	assert_string_equal(d.file, "");
	assert_int_equal(d.line, 0);
	/* The bad name is shown in its terminal form. */
	assert_int_equal(report_format_parse("md\x1b[2J", &f, &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "unknown format 'md\\x1b[2J'; use text, md, json, "
	                    "csv, openmetrics or github");
}

/* ---- text --------------------------------------------------------------- */

static void test_text_measured(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	assert_string_equal(s, TEXT_MEASURED);
	free(s);
}

static void test_text_verbose(void **state)
{
	struct fixture f;
	char want[sizeof TEXT_MEASURED + sizeof TEXT_TABLE];
	char *s;

	(void)state;
	fixture_measured(&f);
	snprintf(want, sizeof want, "%s%s", TEXT_MEASURED, TEXT_TABLE);
	s = fixture_render(&f.record, FORMAT_TEXT, 1);
	assert_string_equal(s, want);
	free(s);
}

static void test_text_prediction(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_prediction(&f);
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	assert_string_equal(s, TEXT_PREDICTION);
	free(s);
}

/* A name that tries to clear the screen, and an undefined-shares record. */
static void test_text_hostile_and_no_shares(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	f.names[2] = "C\x1b[2J\r";
	f.price.gain_share = f.price.cost_share = NULL;
	snprintf(f.price.shares_undefined, sizeof f.price.shares_undefined,
	         "cost is not a sum over cases");
	s = fixture_render(&f.record, FORMAT_TEXT, 1);
	/* Only the escaped form of the name reaches the terminal. */
	assert_null(strchr(s, '\x1b'));
	assert_null(strchr(s, '\r'));
	assert_non_null(strstr(s, "cases that account for it:\n"
	                          "    C\\x1b[2J\\r\n"));
	assert_non_null(strstr(s,
	        "per-case shares: not defined: cost is not a sum over cases\n"));
	assert_null(strstr(s, "cases that matter most"));
	/* The table's first column is as wide as the escaped name (10
	 * characters), and shares show as "-". */
	assert_non_null(strstr(s, "\n  case        weight  pass before"));
	assert_non_null(strstr(s,
	        "\n  A                1         pass        pass               1"
	        "              2        1.0000       0.5000           -           -\n"));
	assert_non_null(strstr(s, "\n  C\\x1b[2J\\r       1         fail"));
	free(s);
}

/* Control cases beyond ten are counted, not listed. */
static void test_text_many_control_cases(void **state)
{
	static const char *const names[12] = {"c0", "c1", "c2", "c3", "c4",
	        "c5", "c6", "c7", "c8", "c9", "c10", "c11"};
	size_t idx[12];
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	for (size_t i = 0; i < 12; i++)
		idx[i] = 11 - i;
	f.price.case_name = names; /* the first three are the fixture's */
	f.price.control_cases = idx;
	f.price.ncontrol_cases = 12;
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	/* The list goes on the next line, the text wrapped at 80 columns. */
	assert_non_null(strstr(s, "; cases that account for it:\n"
	                          "    c11, c10, c9, c8, c7, c6, c5, c4, c3, c2 "
	                          "and 2 more\n"));
	free(s);
}

static void test_top_cases(void **state)
{
	/* |gain - cost|: 1, 3, 0, 3, 2 -> order 1, 3 (tie: case order), 4, 0;
	 * case 2 cancels and is left out. */
	double g[5] = {1, 0, 2, 5, 0}, c[5] = {0, 3, 2, 2, 2};
	struct price p = {.n = 5, .gain_share = g, .cost_share = c};
	size_t idx[5];

	(void)state;
	assert_int_equal(report_top_cases(&p, 3, idx), 3);
	assert_int_equal(idx[0], 1);
	assert_int_equal(idx[1], 3);
	assert_int_equal(idx[2], 4);
	assert_int_equal(report_top_cases(&p, 5, idx), 4);
	assert_int_equal(idx[3], 0);
	p.gain_share = NULL;
	assert_int_equal(report_top_cases(&p, 3, idx), 0);
}

/* ---- Markdown ----------------------------------------------------------- */

static void test_md_measured(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_string_equal(s, MD_MEASURED);
	free(s);
}

static void test_md_prediction(void **state)
{
	static const char first[] = "**ACCEPT: net 26.6667 = gain 26.6667 - "
		"cost 0.0000. PREDICTION from scenario 'fix C' (not "
		"measured)**\n\n";
	struct fixture f;
	char *s;

	(void)state;
	fixture_prediction(&f);
	s = fixture_render(&f.record, FORMAT_MD, 0);
	/* The verdict line says first that this is a prediction. */
	assert_memory_equal(s, first, strlen(first));
	assert_non_null(strstr(s, "\n`net` agrees with `delta_total` "
	                          "(`net - delta_total` = 0.0000).\n"));
	assert_non_null(strstr(s, "\n- scenario: fix C from "
	        "`scenarios/fix-c.yaml`, sha256 `3333333333333333333333333333333"
	        "333333333333333333333333333333333`; runtime unchanged; pass `C`; "
	        "fail none; with `runtime_factor` = 1\n"));
	/* No break-even values or plots: no sections for them. */
	assert_null(strstr(s, "### Break-even"));
	assert_null(strstr(s, "### Plots"));
	free(s);
}

/* The hostile names, in the per-case table: each must stay inside
 * its cell and render as plain text. */
static void test_md_hostile_names(void **state)
{
	static const char *const names[7] = {
		"a|b", "<img src=x onerror=alert(1)>", "@everyone", "/merge",
		"`x`", "[link](http://evil)", "a\nb",
	};
	static const char *const rows[7] = {
		"| a\\|b | 1 |",
		"| &lt;img src=x onerror=alert\\(1\\)&gt; | 1 |",
		("| @\xe2\x80\x8b" "everyone | 1 |"), /* U+200B after @ */
		"| \\/merge | 1 |",
		"| \\`x\\` | 1 |",
		"| \\[link\\]\\(http\\://evil\\) | 1 |",
		"| a\\\\nb | 1 |", /* renders as the visible text a\nb */
	};
	double ones[7] = {1, 1, 1, 1, 1, 1, 1}, zeros[7] = {0};
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	f.price.n = 7;
	f.price.case_name = names;
	f.price.weight = ones;
	for (int side = 0; side < 2; side++) {
		f.price.passed[side] = ones;
		f.price.runtime[side] = ones;
		f.price.score[side] = ones;
		f.price.value[side] = ones;
	}
	f.price.gain_share = f.price.cost_share = zeros;
	f.price.ncontrol_cases = 0;
	s = fixture_render(&f.record, FORMAT_MD, 0);
	for (int i = 0; i < 7; i++) {
		char want[128];

		snprintf(want, sizeof want, "\n%s pass | pass | 1 | 1 | 1.0000 | "
		         "1.0000 | 0.0000 | 0.0000 |\n", rows[i]);
		if (!strstr(s, want))
			fail_msg("row %d not found: %s", i, want);
	}
	/* Nothing of it survives raw. */
	assert_null(strstr(s, "<img"));
	assert_null(strstr(s, "\n/merge"));
	assert_null(strstr(s, "@everyone"));
	free(s);
}

/* User text outside the table: metric, scenario, parameter names,
 * descriptions, plots, inputs. */
static void test_md_hostile_elsewhere(void **state)
{
	struct record_plot plot = {.title = "*bold* <b>",
	                           .file = "a b)(.svg"};
	struct fixture f;
	char *s;

	(void)state;
	fixture_prediction(&f);
	f.scenario.name = (char *)"@team /close";
	f.metric.name = (char *)"m|x";
	f.metric.description = (char *)"line1\nline2 <script>";
	f.params[0].name = (char *)"p`q";
	f.metric.gain.src.text = "sum(`x`)";
	f.record.inputs[0].path = "r|uns/`b`.csv";
	f.record.nplots = 1;
	f.record.plots = &plot;
	f.record.inputs[1].sha256[0] = '\0'; /* unknown hashes are left out */
	f.scenario.sha256[0] = '\0';
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_non_null(strstr(s, "\n| scenario | `scenarios/fix-c.yaml` | - |\n"));
	assert_non_null(strstr(s, " from `scenarios/fix-c.yaml`; runtime "));
	assert_non_null(strstr(s, ". PREDICTION from scenario '@\xe2\x80\x8b"
	                          "team /close' (not measured)**"));
	assert_non_null(strstr(s, "\nMetric m\\|x version 1, N = 3"));
	assert_non_null(strstr(s, "\n- gain = ``sum(`x`)`` = **26.6667**\n"));
	assert_non_null(strstr(s, "\n- with ``p`q`` = 0.3, `perf_weight` = 0.5\n"));
	assert_non_null(strstr(s, "\n- description: line1\\\\nline2 "
	                          "&lt;script&gt;\n"));
	assert_non_null(strstr(s, "\n![\\*bold\\* &lt;b&gt;](a%20b%29%28.svg)\n"));
	/* In a table, | inside a code span is escaped too. */
	assert_non_null(strstr(s, "\n| before | ``r\\|uns/`b`.csv`` | `1111"));
	free(s);
}

/* Numbers plugged into a formula: only whole names that are parameters,
 * N or W; not the exponent of a number, not a longer name, not a call. */
static void test_md_plugged_numbers(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	f.params[1].name = (char *)"e";
	f.params[1].value = -0.5;
	f.metric.gain.src.text = "pass_reward * 1e-6 + 2.5E+3 * e + "
	                         "max(e, pass_reward2) + W / N";
	f.metric.cost.src.text = "sum(weight)";
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_non_null(strstr(s, " = `0.3 * 1e-6 + 2.5E+3 * (-0.5) + "
	                          "max((-0.5), pass_reward2) + 3 / 3` = "
	                          "**18.3333**\n"));
	/* Nothing to plug in: the formula once. */
	assert_non_null(strstr(s, "\n- cost = `sum(weight)` = **20.8333**\n"));
	free(s);
}

static void test_md_no_shares_and_rules(void **state)
{
	struct weight_rule rule = {.glob = (char *)"m512_*", .weight = 3,
	                           .origin = (char *)"--weight"};
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	f.price.gain_share = f.price.cost_share = NULL;
	snprintf(f.price.shares_undefined, sizeof f.price.shares_undefined,
	         "cost_x is not a sum");
	f.metric.nrules = 1;
	f.metric.rules = &rule;
	f.params[0].value = 0.6; /* as after --set pass_reward=0.6 */
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_non_null(strstr(s, "\n| A | 1 | pass | pass | 1 | 2 | 1.0000 | "
	                          "0.5000 | - | - |\n"));
	assert_non_null(strstr(s, "\nPer-case shares are not defined: "
	                          "cost\\_x is not a sum.\n"));
	assert_non_null(strstr(s, "\n- weights: default 1; `m512_*` = 3 "
	                          "(--weight)\n"));
	assert_non_null(strstr(s, "\n- parameters: `pass_reward` = 0.6 "
	                          "(file: 0.3), `perf_weight` = 0.5\n"));
	free(s);
}

/* ---- JSON --------------------------------------------------------------- */

static void test_json_measured(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
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

/* Same bits, not merely ==: -0 and 0 differ, and so would two doubles one
 * ulp apart if they printed alike. */
static void assert_same_double(double got, double want)
{
	assert_memory_equal(&got, &want, sizeof got);
}

static double real_at(json_t *obj, const char *key)
{
	json_t *v = json_object_get(obj, key);

	if (!json_is_real(v))
		fail_msg("'%s' is not a real", key);
	return json_real_value(v);
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
	json_t *root, *c, *v;
	const char *key;
	size_t k = 0;
	char *s;

	(void)state;
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
	v = json_cases(root);
	assert_int_equal(json_array_size(v), 3);
	for (size_t i = 0; i < 3; i++) {
		c = json_array_get(v, i);
		assert_string_equal(json_string_value(json_object_get(c, "case")),
		                    f.names[i]);
		assert_int_equal(json_is_true(json_object_get(c, "passed_before")),
		                 f.passed[0][i] != 0);
		assert_true(json_is_true(json_object_get(c, "passed_after")));
		assert_same_double(real_at(c, "weight"), f.weight[i]);
		assert_same_double(real_at(c, "runtime_before"), f.runtime[0][i]);
		assert_same_double(real_at(c, "runtime_after"), f.runtime[1][i]);
		assert_same_double(real_at(c, "score_before"), f.score[0][i]);
		assert_same_double(real_at(c, "score_after"), f.score[1][i]);
		assert_same_double(real_at(c, "value_before"), f.value[0][i]);
		assert_same_double(real_at(c, "value_after"), f.value[1][i]);
		assert_same_double(real_at(c, "gain"), f.gain_share[i]);
		assert_same_double(real_at(c, "cost"), f.cost_share[i]);
	}
	json_decref(v);
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

	(void)state;
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

	(void)state;
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

	(void)state;
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

/* json_write lays a tree out as jansson does, escapes included; only
 * reals differ (shortest instead of 17 digits). */
static void test_json_write_like_jansson(void **state)
{
	json_t *root = json_object(), *a = json_array(), *o = json_object();
	char *want, *got = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&got, &len);
	struct jw w;

	(void)state;
	json_object_set_new(o, "k", json_array());
	json_object_set_new(o, "j", json_integer(-5));
	json_array_append_new(a, json_string("a\x01\x1f\x7f/\"\\\b\f\n\r\t"
	                                     "\xc3\xa9\xe2\x80\xa8"));
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
	/* The one difference: 0.1 instead of 0.10000000000000001. */
	assert_non_null(strstr(got, "\"r\": 0.1\n}"));
	assert_non_null(strstr(want, "\"r\": 0.10000000000000001\n}"));
	assert_memory_equal(got, want, len - strlen("0.1\n}"));
	free(want);
	free(got);
	json_decref(root);
}

/* ---- CSV ---------------------------------------------------------------- */

static void test_csv_measured(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_string_equal(s, CSV_MEASURED);
	free(s);
}

/* Rows as libcsv reads them back. */
#define MAX_ROWS 8
#define NFIELDS 14
struct table {
	char *cell[MAX_ROWS][NFIELDS];
	size_t row, col;
	bool overflow;
};

static void on_field(void *s, size_t len, void *data)
{
	struct table *t = data;
	char *copy;

	if (t->row >= MAX_ROWS || t->col >= NFIELDS) {
		t->overflow = true;
		return;
	}
	copy = malloc(len + 1);
	assert_non_null(copy);
	memcpy(copy, s, len);
	copy[len] = '\0';
	t->cell[t->row][t->col++] = copy;
}

static void on_row(int c, void *data)
{
	struct table *t = data;

	(void)c;
	if (t->col != NFIELDS)
		t->overflow = true;
	t->row++;
	t->col = 0;
}

static void read_csv(const char *s, struct table *t)
{
	struct csv_parser p;

	memset(t, 0, sizeof *t);
	assert_int_equal(csv_init(&p, CSV_STRICT | CSV_STRICT_FINI), 0);
	assert_int_equal(csv_parse(&p, s, strlen(s), on_field, on_row, t),
	                 strlen(s));
	assert_int_equal(csv_fini(&p, on_field, on_row, t), 0);
	csv_free(&p);
	assert_false(t->overflow);
}

static void free_table(struct table *t)
{
	for (size_t r = 0; r < MAX_ROWS; r++)
		for (size_t c = 0; c < NFIELDS; c++)
			free(t->cell[r][c]);
}

static void assert_cell_double(const char *cell, double want)
{
	char *end;
	double got = strtod(cell, &end);

	assert_true(*end == '\0' && end != cell);
	assert_same_double(got, want);
}

static void test_csv_read_back(void **state)
{
	static const char *const head[NFIELDS] = {
		"case", "weight", "passed_before", "passed_after",
		"runtime_before", "runtime_after", "score_before", "score_after",
		"value_before", "value_after", "gain", "cost", "n_before",
		"n_after",
	};
	/* Quotes and a comma need RFC 4180 quoting; a newline shows as \n
	 * (the one visible form); = and - would start a spreadsheet formula,
	 * so they get a leading '. */
	static const char *const names[3] = {
		"say \"hi\", then\nleave", "=HYPERLINK(\"http://evil\")", "-2+3",
	};
	static const char *const read[3] = {
		"say \"hi\", then\\nleave", "'=HYPERLINK(\"http://evil\")", "'-2+3",
	};
	struct fixture f;
	struct table t;
	char *s;

	(void)state;
	fixture_measured(&f);
	for (size_t i = 0; i < 3; i++)
		f.names[i] = names[i];
	f.runtime[0][0] = 0.1;
	f.runtime[1][0] = 1.0 / 3;
	f.runtime[1][1] = 100;
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_non_null(strstr(s, "\n\"say \"\"hi\"\", then\\nleave\",1,true,"));
	assert_non_null(strstr(s, ",true,true,2,100,0.5,"));
	assert_null(strchr(s, '\r')); /* LF line ends */
	read_csv(s, &t);
	assert_int_equal(t.row, 4);
	for (size_t c = 0; c < NFIELDS; c++)
		assert_string_equal(t.cell[0][c], head[c]);
	for (size_t i = 0; i < 3; i++) {
		char **row = t.cell[i + 1];

		assert_string_equal(row[0], read[i]);
		assert_cell_double(row[1], f.weight[i]);
		assert_string_equal(row[2], f.passed[0][i] != 0 ? "true" : "false");
		assert_string_equal(row[3], "true");
		assert_cell_double(row[4], f.runtime[0][i]);
		assert_cell_double(row[5], f.runtime[1][i]);
		assert_cell_double(row[6], f.score[0][i]);
		assert_cell_double(row[7], f.score[1][i]);
		assert_cell_double(row[8], f.value[0][i]);
		assert_cell_double(row[9], f.value[1][i]);
		assert_cell_double(row[10], f.gain_share[i]);
		assert_cell_double(row[11], f.cost_share[i]);
	}
	free_table(&t);
	free(s);
}

static void test_csv_no_shares(void **state)
{
	struct fixture f;
	char *s;

	(void)state;
	fixture_measured(&f);
	f.price.gain_share = f.price.cost_share = NULL;
	s = fixture_render(&f.record, FORMAT_CSV, 0);
	assert_non_null(strstr(s, "\n\"A\",1,true,true,1,2,1,0.5,0.8,0.55,,,,\n"));
	free(s);
}

/* ---- every form --------------------------------------------------------- */

static void test_deterministic(void **state)
{
	struct fixture f;

	(void)state;
	for (int kind = 0; kind < 2; kind++) {
		if (kind == 0)
			fixture_measured(&f);
		else
			fixture_prediction(&f);
		for (int form = FORMAT_TEXT; form <= FORMAT_CSV; form++) {
			char *a = fixture_render(&f.record, form, 1);
			char *b = fixture_render(&f.record, form, 1);

			assert_string_equal(a, b);
			free(a);
			free(b);
		}
	}
}

/* A full disk: each writer says so instead of claiming success. */
static void test_write_errors(void **state)
{
	static const char *const msg[4] = {
		"cannot write the text report: No space left on device",
		"cannot write the Markdown report: No space left on device",
		"cannot write the JSON report: No space left on device",
		"cannot write the CSV report: No space left on device",
	};
	struct fixture f;

	(void)state;
	fixture_measured(&f);
	for (int form = FORMAT_TEXT; form <= FORMAT_CSV; form++) {
		struct diag d = {0};
		FILE *out = fopen("/dev/full", "w");

		if (!out)
			skip();
		assert_int_equal(report_write(&f.record, form, out, 1, &d), FP_ERR);
		assert_string_equal(d.msg, msg[form]);
		assert_string_equal(d.file, "");
		fclose(out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format_parse),
		cmocka_unit_test(test_text_measured),
		cmocka_unit_test(test_text_verbose),
		cmocka_unit_test(test_text_prediction),
		cmocka_unit_test(test_text_hostile_and_no_shares),
		cmocka_unit_test(test_text_many_control_cases),
		cmocka_unit_test(test_top_cases),
		cmocka_unit_test(test_md_measured),
		cmocka_unit_test(test_md_prediction),
		cmocka_unit_test(test_md_hostile_names),
		cmocka_unit_test(test_md_hostile_elsewhere),
		cmocka_unit_test(test_md_plugged_numbers),
		cmocka_unit_test(test_md_no_shares_and_rules),
		cmocka_unit_test(test_json_measured),
		cmocka_unit_test(test_json_read_back),
		cmocka_unit_test(test_json_exact_doubles),
		cmocka_unit_test(test_json_prediction_and_text),
		cmocka_unit_test(test_json_no_cases),
		cmocka_unit_test(test_json_write_like_jansson),
		cmocka_unit_test(test_csv_measured),
		cmocka_unit_test(test_csv_read_back),
		cmocka_unit_test(test_csv_no_shares),
		cmocka_unit_test(test_deterministic),
		cmocka_unit_test(test_write_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
