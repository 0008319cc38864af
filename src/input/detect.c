/* detect.c: reading a run file once and choosing its loader.
 *
 * With no format given: .json and .yaml/.yml by name; otherwise the first
 * bytes where they tell (Go's benchmark text, Google Benchmark's and
 * hyperfine's CSV), then .csv, then the first line (choose_by_text): JSON
 * starts with { or [, a CSV header names `case`, a YAML run starts with
 * `cases:` or a list item.  The JSON formats are told apart by their top-level
 * keys once parsed (input_json_kind). */
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "input/input.h"
#include "util/names.h"
#include "util/source.h"

static int load_csv(const struct input_src *s, struct run **out, struct diag *d)
{
	return input_csv(s->path, s->text, s->len, out, d);
}

static int load_yaml(const struct input_src *s, struct run **out,
                     struct diag *d)
{
	return input_yaml(s->path, s->text, s->len, out, d);
}

/* Every JSON format: parsed once, then read as the format given or, with
 * none, as the kind its keys say. */
static int load_json(const struct input_src *s, const char *format,
                     struct run **out, struct diag *d)
{
	json_t *root;
	int rc;

	if (input_json_parse(s->path, s->text, s->len, &root, d) != FP_OK)
		return FP_ERR;
	if (!format)
		format = input_json_kind(root);
	if (strcmp(format, "gbench") == 0)
		rc = input_gbench(s->path, root, s->text, s->len, s->opts, out,
		                  d);
	else if (strcmp(format, "hyperfine") == 0)
		rc = input_hyperfine(s->path, root, s->text, s->len, s->opts,
		                     out, d);
	else if (strcmp(format, "pytest-benchmark") == 0)
		rc = input_pytest(s, root, out, d);
	else
		rc = input_json(s->path, root, s->text, s->len, out, d);
	json_decref(root);
	return rc;
}

static const struct format {
	const char *name;
	/* Whether the first bytes are this format's (NULL: never alone). */
	bool (*detect)(const char *text, size_t len);
	/* NULL: a JSON format (load_json). */
	int (*load)(const struct input_src *s, struct run **out,
	            struct diag *d);
} formats[] = {
    {"csv", NULL, load_csv},
    {"json", NULL, NULL},
    {"yaml", NULL, load_yaml},
    {"gbench", NULL, NULL},
    {"hyperfine", NULL, NULL},
    {"gbench-csv", input_gbench_csv_detect, input_gbench_csv},
    {"hyperfine-csv", input_hyperfine_csv_detect, input_hyperfine_csv},
    {"pytest-benchmark", NULL, NULL},
    {"go", input_go_detect, input_go},
};
#define NFORMATS (sizeof formats / sizeof *formats)

/* "csv, json, ..." for messages, from the table. */
static const char *known_formats(char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; i < NFORMATS; i++)
		names_append(buf, size, formats[i].name);
	return buf;
}

static const struct format *find_format(const char *name)
{
	for (size_t i = 0; i < NFORMATS; i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
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
static const struct format *choose_by_text(const char *text, size_t len,
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
		return find_format("json");
	if (!nameless)
		return NULL;
	if (names_case(text, i, end))
		return find_format("csv");
	if ((end - i >= 6 && memcmp(text + i, "cases:", 6) == 0) ||
	    (end - i >= 2 && memcmp(text + i, "- ", 2) == 0))
		return find_format("yaml");
	return NULL;
}

static const struct format *choose(const char *path, const char *text,
                                   size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	const char *ext = dot && (!slash || dot > slash) ? dot : "";

	if (strcasecmp(ext, ".json") == 0)
		return find_format("json");
	if (strcasecmp(ext, ".yaml") == 0 || strcasecmp(ext, ".yml") == 0)
		return find_format("yaml");
	for (size_t k = 0; k < NFORMATS; k++)
		if (formats[k].detect && formats[k].detect(text, len))
			return &formats[k];
	if (strcasecmp(ext, ".csv") == 0)
		return find_format("csv");
	return choose_by_text(text, len, *ext == '\0');
}

/* The text of a source as loaders take it: no byte order mark, no NUL. */
static int check_text(struct input_src *s, struct diag *d)
{
	const char *nul;

	if (s->len >= 3 && memcmp(s->text, "\xef\xbb\xbf", 3) == 0) {
		s->text += 3;
		s->len -= 3;
	}
	if ((nul = memchr(s->text, '\0', s->len))) {
		uint32_t line, col;
		input_position(s->text, (size_t)(nul - s->text), &line, &col);
		return diag_set(d, s->path, (int)line, (int)col,
		                "NUL byte: a run file is text");
	}
	return FP_OK;
}

int input_load(const char *path, const struct run_opts *opts, struct run **out,
               struct diag *d)
{
	static const struct run_opts defaults = {0};
	const struct format *f = NULL;
	struct source src;
	struct input_src s = {.opts = opts ? opts : &defaults};
	char known[160];
	int rc;

	if (s.opts->format && !(f = find_format(s.opts->format)))
		return diag_set(d, NULL, 0, 0,
		                "unknown run format '%s' (known: "
		                "%s)",
		                s.opts->format,
		                known_formats(known, sizeof known));
	if (source_read(path, INPUT_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	s.path = src.name;
	s.text = src.data;
	s.len = src.len;
	if (check_text(&s, d) != FP_OK) {
		source_free(&src);
		return FP_ERR;
	}
	if (!f && !(f = choose(path, s.text, s.len))) {
		source_free(&src);
		return diag_set(d, s.path, 0, 0,
		                "cannot tell the format from the "
		                "file's name: give one of %s",
		                known_formats(known, sizeof known));
	}
	/* A JSON format given is obeyed; .json says only "some JSON". */
	rc = f->load ? f->load(&s, out, d)
	             : load_json(&s, s.opts->format, out, d);
	if (rc == FP_OK)
		memcpy((*out)->sha256, src.sha256, sizeof src.sha256);
	source_free(&src);
	if (rc == FP_OK && run_estimate(*out, s.opts->estimator, d) != FP_OK) {
		run_free(*out);
		*out = NULL;
		return FP_ERR;
	}
	return rc;
}
