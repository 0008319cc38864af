/* runs.c: what the run reader targets share: the bytes made into text the
 * way input_load does it, one reader, the runtime from the samples, then
 * every column asked for. */
#include "runs.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int fuzz_read_csv(const struct input_src *s, struct run **out,
                  struct diag *d)
{
	return input_csv(s->path, s->text, s->len, out, d);
}

int fuzz_read_yaml(const struct input_src *s, struct run **out,
                   struct diag *d)
{
	return input_yaml(s->path, s->text, s->len, out, d);
}

enum json_format { JSON_PLAIN, JSON_GBENCH, JSON_HYPERFINE, JSON_PYTEST };

/* Parses the text, then reads it as format f whatever its keys say (as
 * with --format), after input_json_kind has looked at them. */
static int read_json_as(enum json_format f, const struct input_src *s,
                        struct run **out, struct diag *d)
{
	json_t *root;
	int rc;

	if (input_json_parse(s->path, s->text, s->len, &root, d) != FP_OK)
		return FP_ERR;
	input_json_kind(root);
	switch (f) {
	case JSON_GBENCH:
		rc = input_gbench(s->path, root, s->text, s->len, s->opts, out,
		                  d);
		break;
	case JSON_HYPERFINE:
		rc = input_hyperfine(s->path, root, s->text, s->len, s->opts,
		                     out, d);
		break;
	case JSON_PYTEST:
		rc = input_pytest(s, root, out, d);
		break;
	default:
		rc = input_json(s->path, root, s->text, s->len, out, d);
	}
	json_decref(root);
	return rc;
}

int fuzz_read_json(const struct input_src *s, struct run **out,
                   struct diag *d)
{
	return read_json_as(JSON_PLAIN, s, out, d);
}

int fuzz_read_gbench(const struct input_src *s, struct run **out,
                     struct diag *d)
{
	return read_json_as(JSON_GBENCH, s, out, d);
}

int fuzz_read_hyperfine(const struct input_src *s, struct run **out,
                        struct diag *d)
{
	return read_json_as(JSON_HYPERFINE, s, out, d);
}

int fuzz_read_pytest(const struct input_src *s, struct run **out,
                     struct diag *d)
{
	return read_json_as(JSON_PYTEST, s, out, d);
}

/* What the caller of a run does with it: every column as numbers, the
 * runtimes checked. */
static void use_run(const struct run *run)
{
	const struct column *c;
	struct diag d;

	for (size_t i = 0; i < run->ncols; i++)
		if (!run_numeric(run, run->cols[i].name, &d))
			fuzz_print(&d);
	if (!run_numeric(run, "no such column", &d))
		fuzz_print(&d);
	if ((c = run_numeric(run, "runtime", &d)) &&
	    run_check_runtimes(run, c, &d) != FP_OK)
		fuzz_print(&d);
}

void fuzz_run(const uint8_t *data, size_t size, const char *path,
              fuzz_reader read)
{
	struct run_opts o = {.cpu_time = size & 1,
	                     .estimator = (enum run_estimator)(size / 2 % 3)};
	struct input_src s = {.path = path, .opts = &o};
	struct run *run = NULL;
	struct diag d;
	char *text = fuzz_text(data, size, &s.len);

	if (!text)
		return;
	s.text = text;
	input_gbench_csv_detect(text, s.len);
	input_hyperfine_csv_detect(text, s.len);
	input_go_detect(text, s.len);
	if (read(&s, &run, &d) != FP_OK ||
	    run_estimate(run, o.estimator, &d) != FP_OK)
		fuzz_print(&d);
	else
		use_run(run);
	run_free(run);
	free(text);
}
