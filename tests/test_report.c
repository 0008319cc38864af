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
#include "report/md.h"
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
    "%%{init: {\"themeVariables\": {\"xyChart\": {\"plotColorPalette\": \"#57606a\"}}}}%%\n"
    "xychart-beta horizontal\n"
    "    title \"Where net comes from: gain, then cost, to net\"\n"
    /* By hand: C gains 18.3333 (the gain); A and C cost 8.3333 each
	 * (equal: case order), B 4.1667; 18.3333 - 8.3333 - 8.3333 - 4.1667
	 * = -2.5 = net. */
    "    x-axis [\"+18.3333 C\", \"+18.3333 gain\", \"-8.3333 A\", \"-8.3333 C\", \"-4.1667 B\", \"-2.5000 net\"]\n"
    "    y-axis \"points (size; + adds to net, - takes from it)\" 0 --> 18.3333\n"
    "    bar [18.3333, 18.3333, 8.3333, 8.3333, 4.1667, 2.5000]\n"
    "```\n"
    "\n"
    "Largest shares of gain and cost (3 of 3 cases):\n"
    "\n"
    "| weight | pass before | pass after | runtime before | runtime after | score before | score after | gain share | cost share | case |\n"
    "|--:|---|---|--:|--:|--:|--:|--:|--:|---|\n"
    "| 1 | fail | pass | 4 | 8 | 1.0000 | 0.5000 | 18.3333 | 8.3333 | C |\n"
    "| 1 | pass | pass | 1 | 2 | 1.0000 | 0.5000 | 0.0000 | 8.3333 | A |\n"
    "| 1 | pass | pass | 2 | 4 | 0.5000 | 0.2500 | 0.0000 | 4.1667 | B |\n"
    "\n"
    "### Break-even\n"
    "\n"
    "| parameter | now | searched | net = 0 at |\n"
    "|---|--:|---|---|\n"
    "| `pass_reward` | 0.3 | 0 to 2 | 0.375 |\n"
    "\n"
    "### Plots\n"
    "\n"
    "- Shares of gain and cost: `shares.svg` (beside the record, not in this comment)\n"
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

/* ---- format names ------------------------------------------------------ */

static void test_format_parse(void **state)
{
	static const struct {
		const char *name;
		enum report_format f;
	} ok[] = {{"text", FORMAT_TEXT},
	          {"md", FORMAT_MD},
	          {"json", FORMAT_JSON},
	          {"csv", FORMAT_CSV},
	          {"openmetrics", FORMAT_OPENMETRICS},
	          {"github", FORMAT_GITHUB}};
	enum report_format f;
	struct diag d = {0};

	for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
		assert_int_equal(report_format_parse(ok[i].name, &f, &d),
		                 FP_OK);
		assert_int_equal(f, ok[i].f);
	}
	assert_int_equal(report_format_parse("xml", &f, &d), FP_ERR);
	assert_string_equal(d.msg, "unknown format 'xml'; use one of text, md, "
	                           "json, csv, openmetrics, github");
	assert_string_equal(d.file, "");
	assert_int_equal(d.line, 0);
	/* The bad name is shown in its terminal form. */
	assert_int_equal(report_format_parse("md\x1b[2J", &f, &d), FP_ERR);
	assert_string_equal(d.msg,
	                    "unknown format 'md\\x1b[2J'; use one of text, md, "
	                    "json, csv, openmetrics, github");
}

/* ---- text --------------------------------------------------------------- */

static void test_text_measured(void **state)
{
	struct fixture f;
	char *s;

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
	assert_non_null(strstr(
	    s, "per-case shares: not defined: cost is not a sum over cases\n"));
	assert_null(strstr(s, "cases that matter most"));
	/* The table's first column is as wide as the escaped name (10
	 * characters), and shares show as "-". */
	assert_non_null(strstr(s, "\n  case        weight  pass before"));
	assert_non_null(strstr(
	    s,
	    "\n  A                1         pass        pass               1"
	    "              2        1.0000       0.5000           -           -\n"));
	assert_non_null(strstr(s, "\n  C\\x1b[2J\\r       1         fail"));
	free(s);
}

/* Control cases beyond ten are counted, not listed. */
static void test_text_many_control_cases(void **state)
{
	static const char *const names[12] = {"c0", "c1", "c2",  "c3",
	                                      "c4", "c5", "c6",  "c7",
	                                      "c8", "c9", "c10", "c11"};
	size_t idx[12];
	struct fixture f;
	char *s;

	fixture_measured(&f);
	for (size_t i = 0; i < 12; i++)
		idx[i] = 11 - i;
	f.price.case_name = names; /* the first three are the fixture's */
	f.price.control_cases = idx;
	f.price.ncontrol_cases = 12;
	s = fixture_render(&f.record, FORMAT_TEXT, 0);
	/* The list goes on the next line, the text wrapped at 80 columns. */
	assert_non_null(strstr(s,
	                       "; cases that account for it:\n"
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

	fixture_measured(&f);
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_string_equal(s, MD_MEASURED);
	free(s);
}

/* A case on both sides with the same value shown: two bars, two labels
 * (Mermaid would merge equal categories). */
static void test_md_chart_same_case_twice(void **state)
{
	struct fixture f;
	char *s;

	fixture_measured(&f);
	f.gain_share[0] = -1;
	f.cost_share[0] = 1;
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_non_null(strstr(s, "\"-1.0000 A\""));
	assert_non_null(strstr(s, "\"-1.0000 A (6)\""));
	free(s);
}

static void test_md_prediction(void **state)
{
	static const char first[] =
	    "**ACCEPT: net 26.6667 = gain 26.6667 - "
	    "cost 0.0000. PREDICTION from scenario 'fix C' (not "
	    "measured)**\n\n";
	struct fixture f;
	char *s;

	fixture_prediction(&f);
	s = fixture_render(&f.record, FORMAT_MD, 0);
	/* The verdict line says first that this is a prediction. */
	assert_memory_equal(s, first, strlen(first));
	assert_non_null(strstr(s, "\n`net` agrees with `delta_total` "
	                          "(`net - delta_total` = 0.0000).\n"));
	assert_non_null(strstr(
	    s,
	    "\n- scenario: fix C from "
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
	    "`x`", "[link](http://evil)",          "a\nb",
	};
	static const char *const rows[7] = {
	    "| a\\|b |",
	    "| &lt;img src=x onerror=alert\\(1\\)&gt; |",
	    ("| @\xe2\x80\x8b"
	     "everyone |"), /* U+200B after @ */
	    "| \\/merge |",
	    "| \\`x\\` |",
	    "| \\[link\\]\\(http\\://evil\\) |",
	    "| a\\\\nb |", /* renders as the visible text a\nb */
	};
	double ones[7] = {1, 1, 1, 1, 1, 1, 1}, zeros[7] = {0};
	struct fixture f;
	char *s;

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

		snprintf(want, sizeof want,
		         "\n| 1 | pass | pass | 1 | 1 | 1.0000 | "
		         "1.0000 | 0.0000 | 0.0000 %s\n",
		         rows[i]);
		if (!strstr(s, want))
			fail_msg("row %d not found: %s", i, want);
	}
	/* Nothing of it survives raw. */
	assert_null(strstr(s, "<img"));
	assert_null(strstr(s, "\n/merge"));
	assert_null(strstr(s, "@everyone"));
	free(s);
}

/* The record folder's decision.md, whose plots are links. */
static char *render_linked(const struct record *r)
{
	char *s = NULL;
	size_t len;
	FILE *f = open_memstream(&s, &len);
	struct diag d;

	assert_non_null(f);
	assert_int_equal(md_write(r, f, REPORT_MD_LIMIT, MD_CODE_POINTS,
	                          "cases.csv", true, &d),
	                 FP_OK);
	fclose(f);
	return s;
}

/* User text outside the table: metric, scenario, parameter names,
 * descriptions, plots, inputs. */
static void test_md_hostile_elsewhere(void **state)
{
	struct record_plot plot = {.title = "*bold* <b>", .file = "a b)(.svg"};
	struct fixture f;
	char *s;

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
	assert_non_null(
	    strstr(s, "\n| scenario | `scenarios/fix-c.yaml` | - |\n"));
	assert_non_null(strstr(s, " from `scenarios/fix-c.yaml`; runtime "));
	assert_non_null(strstr(s, ". PREDICTION from scenario '@\xe2\x80\x8b"
	                          "team /close' (not measured)**"));
	assert_non_null(strstr(s, "\nMetric m\\|x version 1, N = 3"));
	assert_non_null(strstr(s, "\n- gain = ``sum(`x`)`` = **26.6667**\n"));
	assert_non_null(
	    strstr(s, "\n- with ``p`q`` = 0.3, `perf_weight` = 0.5\n"));
	assert_non_null(strstr(s, "\n- description: line1\\\\nline2 "
	                          "&lt;script&gt;\n"));
	/* Posted Markdown has no relative link; the record folder's has. */
	assert_non_null(strstr(s,
	                       "\n- \\*bold\\* &lt;b&gt;: `a b)(.svg` "
	                       "(beside the record, not in this comment)\n"));
	assert_null(strstr(s, "]("));
	free(s);
	s = render_linked(&f.record);
	assert_non_null(
	    strstr(s, "\n![\\*bold\\* &lt;b&gt;](a%20b%29%28.svg)\n"));
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
	struct weight_rule rule = {.glob = (char *)"m512_*",
	                           .weight = 3,
	                           .origin = (char *)"--weight"};
	struct fixture f;
	char *s;

	fixture_measured(&f);
	f.price.gain_share = f.price.cost_share = NULL;
	snprintf(f.price.shares_undefined, sizeof f.price.shares_undefined,
	         "cost_x is not a sum");
	f.metric.nrules = 1;
	f.metric.rules = &rule;
	f.params[0].value = 0.6; /* as after --set pass_reward=0.6 */
	s = fixture_render(&f.record, FORMAT_MD, 0);
	assert_non_null(strstr(s, "\n| 1 | pass | pass | 1 | 2 | 1.0000 | "
	                          "0.5000 | - | - | A |\n"));
	assert_non_null(strstr(s, "\nPer-case shares are not defined: "
	                          "cost\\_x is not a sum.\n"));
	assert_non_null(strstr(s, "\n- weights: default 1; `m512_*` = 3 "
	                          "(--weight)\n"));
	assert_non_null(strstr(s, "\n- parameters: `pass_reward` = 0.6 "
	                          "(file: 0.3), `perf_weight` = 0.5\n"));
	free(s);
}

/* ---- every form --------------------------------------------------------- */

static void test_deterministic(void **state)
{
	struct fixture f;

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

	fixture_measured(&f);
	for (int form = FORMAT_TEXT; form <= FORMAT_CSV; form++) {
		struct diag d = {0};
		FILE *out = fopen("/dev/full", "w");

		if (!out)
			skip();
		assert_int_equal(report_write(&f.record, form, out, 1, &d),
		                 FP_ERR);
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
	    cmocka_unit_test(test_md_chart_same_case_twice),
	    cmocka_unit_test(test_md_prediction),
	    cmocka_unit_test(test_md_hostile_names),
	    cmocka_unit_test(test_md_hostile_elsewhere),
	    cmocka_unit_test(test_md_plugged_numbers),
	    cmocka_unit_test(test_md_no_shares_and_rules),
	    cmocka_unit_test(test_deterministic),
	    cmocka_unit_test(test_write_errors),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
