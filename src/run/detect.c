/* detect.c: the table of run formats, and choosing one for an input.
 *
 * With no format given, content that is unmistakable decides whatever the
 * name: a `go test -json` stream, Go benchmark text with a result line
 * anywhere.  Then .json and .yaml/.yml by name; the first bytes where they
 * tell (Google Benchmark's and hyperfine's CSV, Go's first lines); JSON by
 * its first character (also in a file named .csv); .csv; then the first
 * line (choose_by_text): a CSV header names `case`, a YAML run starts with
 * `cases:` or a list item.  A .json name whose content is no JSON, and
 * content no rule tells, are errors that say what the file looks like
 * (run_format_looks).  The JSON formats are told apart by their
 * top-level keys once parsed (fmt_json_kind, load.c). */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "run/detect.h"
#include "util/names.h"

#define GBENCH_SAMPLES "--benchmark_repetitions=N"
#define GBENCH_AGGREGATES \
	"the file keeps only each benchmark's aggregates: rerun without " \
	"--benchmark_report_aggregates_only"
#define HYPERFINE_PASS \
	"run hyperfine with -i --export-json, whose exit codes say which " \
	"command failed (hyperfine writes no JUnit report)"
#define GO_SAMPLES "go test -count N"
#define GO_PASS \
	"keep go test's whole output, whose --- FAIL, PASS and ok lines say " \
	"which benchmark failed (or go test -json)"

const struct run_format run_formats[] = {
    {"csv",
     fmt_csv,
     false,
     NULL,
     "CSV with a header naming `case`",
     {"a row per sample", NULL, NULL}},
    {"json",
     fmt_json,
     true,
     NULL,
     "JSON: a list of cases, or {cases: [...]}",
     {"a samples list per case", NULL, NULL}},
    {"yaml",
     fmt_yaml,
     false,
     NULL,
     "YAML: a list of cases, or cases: [...]",
     {"a samples list per case", NULL, NULL}},
    {"gbench",
     fmt_gbench,
     true,
     NULL,
     "Google Benchmark JSON (--benchmark_format=json)",
     {GBENCH_SAMPLES, GBENCH_AGGREGATES, NULL}},
    {"hyperfine",
     fmt_hyperfine,
     true,
     NULL,
     "hyperfine JSON (--export-json)",
     {"hyperfine --runs N", NULL, HYPERFINE_PASS}},
    {"gbench-csv",
     fmt_gbench_csv,
     false,
     fmt_gbench_csv_detect,
     "Google Benchmark CSV (--benchmark_format=csv)",
     {GBENCH_SAMPLES, GBENCH_AGGREGATES, NULL}},
    {"hyperfine-csv",
     fmt_hyperfine_csv,
     false,
     fmt_hyperfine_csv_detect,
     "hyperfine CSV (--export-csv)",
     {"hyperfine --export-json, which keeps every run's time",
      "the CSV keeps only each command's statistics: give hyperfine's "
      "--export-json, which keeps every run's time",
      HYPERFINE_PASS}},
    {"pytest-benchmark",
     fmt_pytest,
     true,
     NULL,
     "pytest-benchmark JSON (--benchmark-json)",
     {"pytest --benchmark-json=FILE, which keeps every round",
      "the file keeps only each test's statistics: give pytest's "
      "--benchmark-json file, or save with --benchmark-save-data",
      NULL}},
    {"go",
     fmt_go,
     false,
     fmt_go_detect,
     "Go benchmark text (go test -bench)",
     {GO_SAMPLES, NULL, GO_PASS}},
    {"go-json",
     fmt_go_json,
     false,
     fmt_go_json_detect,
     "go test -bench -json (test2json events)",
     {GO_SAMPLES, NULL, GO_PASS}},
    {"catch2",
     fmt_catch2,
     false,
     fmt_catch2_detect,
     "Catch2 XML report (-r xml)",
     {"--benchmark-samples N",
      "Catch2's XML keeps only each benchmark's mean, not its samples", NULL}},
    {"criterion",
     fmt_criterion,
     false,
     NULL,
     "criterion.rs folder (cargo bench's target/criterion)",
     {"cargo bench -- --sample-size N", NULL, NULL}},
};
const size_t run_nformats = sizeof run_formats / sizeof *run_formats;

const char *run_format_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < run_nformats; i++)
		names_append(buf, size, run_formats[i].name);
	return buf;
}

const struct run_advice *run_format_advice(const char *name)
{
	static const struct run_advice none = {NULL, NULL, NULL};
	const struct run_format *f = name ? run_format_find(name) : NULL;

	return f ? &f->advice : &none;
}

const struct run_format *run_format_find(const char *name)
{
	for (size_t i = 0; i < run_nformats; i++)
		if (strcmp(run_formats[i].name, name) == 0)
			return &run_formats[i];
	return NULL;
}

/* The format the name and the text say, or NULL: .json and .yaml/.yml
 * by name (a YAML run may well start "pkg:"), then the first bytes, then
 * .csv, then JSON's first character. */
/* True if the line text[i..end) has a comma-separated field `case`. */
static bool names_case(const char *text, size_t i, size_t end)
{
	bool comma = memchr(text + i, ',', end - i) != NULL;

	while (comma && i < end) {
		size_t j = i;
		while (j < end && text[j] != ',' && text[j] != '\r')
			j++;
		if (j - i == 4 && memcmp(text + i, "case", 4) == 0)
			return true;
		i = j + 1;
	}
	return false;
}

/* By the first line: JSON starts with { or [; and for an input whose name
 * has no extension at all (standard input, a pipe, /dev/stdin), a CSV
 * header names a `case` column among commas, and a YAML run starts with a
 * `cases:` key or a list item.  Comments and blank lines before count for
 * neither. */
static const struct run_format *choose_by_text(const char *text, size_t len,
                                               bool nameless)
{
	size_t i = 0, end;

	while (i < len && (strchr(" \t\r\n", text[i]) || text[i] == '#')) {
		if (text[i] == '#')
			while (i < len && text[i] != '\n')
				i++;
		else
			i++;
	}
	for (end = i; end < len && text[end] != '\n'; end++)
		;
	if (i < len && (text[i] == '{' || text[i] == '['))
		return run_format_find("json");
	if (!nameless)
		return NULL;
	if (names_case(text, i, end))
		return run_format_find("csv");
	if ((end - i >= 6 && memcmp(text + i, "cases:", 6) == 0) ||
	    (end - i >= 2 && memcmp(text + i, "- ", 2) == 0))
		return run_format_find("yaml");
	return NULL;
}

/* The first line that is not blank, into buf (shown safely). */
static void first_line(const char *text, size_t len, char *buf, size_t size)
{
	size_t i = 0, end;

	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	for (end = i; end < len && text[end] != '\n' && text[end] != '\r';)
		end++;
	run_show(buf, size, text + i, end - i);
}

bool run_text_is_json(const char *text, size_t len)
{
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	return i < len && (text[i] == '{' || text[i] == '[');
}

bool run_text_is_other(const char *text, size_t len)
{
	char line[RUN_SHOW_SIZE];

	for (size_t k = 0; k < run_nformats; k++)
		if (run_formats[k].detect && run_formats[k].detect(text, len))
			return true;
	first_line(text, len, line, sizeof line);
	return line[0] == '<' || strchr(line, ',');
}

const struct run_format *run_format_choose(const char *path, const char *text,
                                           size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const char *ext = dot && (!slash || dot > slash) ? dot : "";

	/* Content that is unmistakable decides, whatever the name says. */
	if (fmt_go_json_detect(text, len))
		return run_format_find("go-json");
	if (!run_text_is_json(text, len) && fmt_go_detect_result(text, len))
		return run_format_find("go");
	if (strcasecmp(ext, ".json") == 0)
		return run_format_find("json");
	if (strcasecmp(ext, ".yaml") == 0 || strcasecmp(ext, ".yml") == 0)
		return run_format_find("yaml");
	for (size_t k = 0; k < run_nformats; k++)
		if (run_formats[k].detect && run_formats[k].detect(text, len))
			return &run_formats[k];
	/* JSON written to a .csv name (CI scripts that name every file
	 * before.csv): a CSV header never starts with { or [. */
	if (run_text_is_json(text, len))
		return run_format_find("json");
	if (strcasecmp(ext, ".csv") == 0)
		return run_format_find("csv");
	return choose_by_text(text, len, *ext == '\0');
}

static bool has(const char *text, size_t len, const char *what)
{
	size_t n = strlen(what);

	for (size_t i = 0; i + n <= len && i < (1u << 20); i++)
		if (memcmp(text + i, what, n) == 0)
			return true;
	return false;
}

/* Whether a line of the first MiB starts with `start` (after blanks) and
 * has `also` in it: a harness's console output. */
static bool console_of(const char *text, size_t len, const char *start,
                       const char *also)
{
	const char *s = text, *end = text + (len < (1u << 20) ? len : 1u << 20);
	size_t n = strlen(start), m = strlen(also);

	while (s < end) {
		const char *nl = memchr(s, '\n', (size_t)(end - s));
		const char *e = nl ? nl : end, *p = s;
		while (p < e && (*p == ' ' || *p == '\t'))
			p++;
		if ((size_t)(e - p) >= n && memcmp(p, start, n) == 0)
			for (const char *q = p; q + m <= e; q++)
				if (memcmp(q, also, m) == 0)
					return true;
		s = e + 1;
	}
	return false;
}

const char *run_format_looks(const char *text, size_t len, char *buf,
                             size_t size)
{
	char line[RUN_SHOW_SIZE];
	const struct run_format *f = NULL;

	/* A format whose first bytes tell (a name that says another). */
	for (size_t i = 0; !f && i < run_nformats; i++)
		if (run_formats[i].detect && run_formats[i].detect(text, len))
			f = &run_formats[i];
	first_line(text, len, line, sizeof line);
	if (line[0] == '\0')
		snprintf(buf, size, "it is empty");
	else if (f)
		snprintf(buf, size, "its content is %s, --input-format %s",
		         f->what, f->name);
	else if (line[0] == '<' && has(text, len, "<Catch2TestRun"))
		snprintf(
		    buf, size,
		    "it looks like Catch2 v3's XML report "
		    "(<Catch2TestRun>), which fixprice does not read (it "
		    "reads Catch2 2's -r xml, <Catch>): give Catch2 v3's "
		    "JUnit report (-r junit) with --results, beside a run");
	else if (line[0] == '<' && has(text, len, "<testsuite"))
		snprintf(buf, size,
		         "it looks like a JUnit XML report: give it with "
		         "--results (or --results-before), beside a run");
	else if (line[0] == '<')
		snprintf(buf, size,
		         "it looks like XML, which is no run format");
	else if (has(text, len, "~~~~~~~~~~") &&
	         (has(text, len, "benchmark name") ||
	          has(text, len, "test cases")))
		snprintf(
		    buf, size,
		    "it looks like Catch2's console output, which keeps no "
		    "run: run the benchmarks with -r xml (a run), or the "
		    "tests with -r junit (a report for --results)");
	else if (console_of(text, len, "Time (mean", "):"))
		snprintf(buf, size,
		         "it looks like hyperfine's standard output, which "
		         "keeps no run: give hyperfine --export-json FILE");
	else if (console_of(text, len, "Benchmark ", "Iterations"))
		snprintf(
		    buf, size,
		    "it looks like Google Benchmark's console output, which "
		    "keeps no run: give --benchmark_out=FILE "
		    "--benchmark_out_format=json");
	else if (strchr(line, ','))
		snprintf(buf, size,
		         "it looks like CSV (its first line is '%s'), which is "
		         "read as a run with a .csv name and a 'case' column",
		         line);
	else
		snprintf(buf, size, "its first line is '%s'", line);
	return buf;
}
