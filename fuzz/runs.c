/* runs.c: what the run reader targets share: the bytes made into text the
 * way input_load does it, one reader, then every column asked for. */
#include "runs.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "input/input.h"

typedef int (*json_reader)(const char *path, struct json_t *root,
                           const char *text, size_t len, struct run **out,
                           struct diag *d);

static int read_json_with(json_reader read, const char *path,
                          const char *text, size_t len, struct run **out,
                          struct diag *d)
{
	json_t *root;
	int rc;

	if (input_json_parse(path, text, len, &root, d) != FP_OK)
		return FP_ERR;
	input_json_kind(root);
	rc = read(path, root, text, len, out, d);
	json_decref(root);
	return rc;
}

int fuzz_read_json(const char *path, const char *text, size_t len,
                   struct run **out, struct diag *d)
{
	return read_json_with(input_json, path, text, len, out, d);
}

int fuzz_read_gbench(const char *path, const char *text, size_t len,
                     struct run **out, struct diag *d)
{
	return read_json_with(input_gbench, path, text, len, out, d);
}

int fuzz_read_hyperfine(const char *path, const char *text, size_t len,
                        struct run **out, struct diag *d)
{
	return read_json_with(input_hyperfine, path, text, len, out, d);
}

void fuzz_run(const uint8_t *data, size_t size, const char *path,
              fuzz_reader read)
{
	struct run *run = NULL;
	struct diag d;
	size_t len;
	char *text = fuzz_text(data, size, &len);

	if (!text)
		return;
	if (read(path, text, len, &run, &d) != FP_OK) {
		fuzz_print(&d);
	} else {
		for (size_t i = 0; i < run->ncols; i++)
			if (!run_numeric(run, run->cols[i].name, &d))
				fuzz_print(&d);
		if (!run_numeric(run, "no such column", &d))
			fuzz_print(&d);
	}
	run_free(run);
	free(text);
}
