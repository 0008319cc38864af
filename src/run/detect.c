/* detect.c: the table of run formats, and choosing one for an input.
 *
 * With no format given: .json and .yaml/.yml by name; otherwise the first
 * bytes where they tell (Go's benchmark text, Google Benchmark's and
 * hyperfine's CSV), then .csv, then the first line (choose_by_text): JSON
 * starts with { or [, a CSV header names `case`, a YAML run starts with
 * `cases:` or a list item.  The JSON formats are told apart by their
 * top-level keys once parsed (fmt_json_kind, load.c). */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "run/detect.h"
#include "util/names.h"

const struct run_format run_formats[] = {
    {"csv", fmt_csv, false, NULL, "CSV with a header naming `case`"},
    {"json", fmt_json, true, NULL, "JSON: a list of cases, or {cases: [...]}"},
    {"yaml", fmt_yaml, false, NULL, "YAML: a list of cases, or cases: [...]"},
    {"gbench", fmt_gbench, true, NULL,
     "Google Benchmark JSON (--benchmark_format=json)"},
    {"hyperfine", fmt_hyperfine, true, NULL, "hyperfine JSON (--export-json)"},
    {"gbench-csv", fmt_gbench_csv, false, fmt_gbench_csv_detect,
     "Google Benchmark CSV (--benchmark_format=csv)"},
    {"hyperfine-csv", fmt_hyperfine_csv, false, fmt_hyperfine_csv_detect,
     "hyperfine CSV (--export-csv)"},
    {"pytest-benchmark", fmt_pytest, true, NULL,
     "pytest-benchmark JSON (--benchmark-json)"},
    {"go", fmt_go, false, fmt_go_detect, "Go benchmark text (go test -bench)"},
};
const size_t run_nformats = sizeof run_formats / sizeof *run_formats;

const char *run_format_list(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < run_nformats; i++)
		names_append(buf, size, run_formats[i].name);
	return buf;
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

const struct run_format *run_format_choose(const char *path, const char *text,
                                           size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const char *ext = dot && (!slash || dot > slash) ? dot : "";

	if (strcasecmp(ext, ".json") == 0)
		return run_format_find("json");
	if (strcasecmp(ext, ".yaml") == 0 || strcasecmp(ext, ".yml") == 0)
		return run_format_find("yaml");
	for (size_t k = 0; k < run_nformats; k++)
		if (run_formats[k].detect && run_formats[k].detect(text, len))
			return &run_formats[k];
	if (strcasecmp(ext, ".csv") == 0)
		return run_format_find("csv");
	return choose_by_text(text, len, *ext == '\0');
}
