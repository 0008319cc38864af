/* detect.c: reading a run file and choosing its loader. */
#include <errno.h>
#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "input/input.h"

static const char *const formats[] = {"csv", "json", "yaml", "gbench",
                                      "hyperfine"};

/* Reads the whole file (a pipe too) into a buffer the caller frees; more
 * than INPUT_MAX_FILE bytes is refused, before reading if the size is
 * known. */
static int read_file(const char *path, char **out, size_t *out_len,
                     struct diag *d)
{
	FILE *f = fopen(path, "rb");
	struct stat st;
	char *buf = NULL, *nb;
	size_t len = 0, cap = 0, got;

	if (!f)
		return diag_set(d, path, 0, 0, "cannot open: %s", strerror(errno));
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    (uintmax_t)st.st_size > INPUT_MAX_FILE) {
		fclose(f);
		return diag_set(d, path, 0, 0, "file is larger than 1 GiB");
	}
	do {
		if (len == cap) {
			cap = cap ? 2 * cap : 65536;
			if (cap > INPUT_MAX_FILE + 1)
				cap = INPUT_MAX_FILE + 1;
			if (len == cap) {
				free(buf);
				fclose(f);
				return diag_set(d, path, 0, 0,
				                "file is larger than 1 GiB");
			}
			if (!(nb = realloc(buf, cap + 1))) {
				free(buf);
				fclose(f);
				return diag_set(d, path, 0, 0, "out of memory");
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, f);
		len += got;
	} while (got > 0);
	if (ferror(f)) {
		int e = errno;
		free(buf);
		fclose(f);
		return diag_set(d, path, 0, 0, "cannot read: %s", strerror(e));
	}
	fclose(f);
	buf[len] = '\0';
	*out = buf;
	*out_len = len;
	return FP_OK;
}

static const char *by_extension(const char *path, const char *text,
                                size_t len)
{
	const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');
	size_t i = 0;

	if (dot && (!slash || dot > slash)) {
		if (strcasecmp(dot, ".csv") == 0)
			return "csv";
		if (strcasecmp(dot, ".json") == 0)
			return "json";
		if (strcasecmp(dot, ".yaml") == 0 || strcasecmp(dot, ".yml") == 0)
			return "yaml";
	}
	/* No telling name: JSON is the one format that shows in its first
	 * character. */
	while (i < len && strchr(" \t\r\n", text[i]))
		i++;
	if (i < len && (text[i] == '{' || text[i] == '['))
		return "json";
	return NULL;
}

static int load_json(const char *path, const char *format, const char *text,
                     size_t len, struct run **out, struct diag *d)
{
	json_t *root;
	int rc;

	if (input_json_parse(path, text, len, &root, d) != FP_OK)
		return FP_ERR;
	if (!format)
		format = input_json_kind(root);
	if (strcmp(format, "gbench") == 0)
		rc = input_gbench(path, root, text, len, out, d);
	else if (strcmp(format, "hyperfine") == 0)
		rc = input_hyperfine(path, root, text, len, out, d);
	else
		rc = input_json(path, root, text, len, out, d);
	json_decref(root);
	return rc;
}

int input_load(const char *path, const char *format, struct run **out,
               struct diag *d)
{
	char *buf = NULL;
	const char *text, *nul;
	size_t len = 0;
	bool known = false, forced = format != NULL;
	int rc;

	for (size_t i = 0; format && i < sizeof formats / sizeof *formats; i++)
		known |= strcmp(format, formats[i]) == 0;
	if (format && !known)
		return diag_set(d, NULL, 0, 0, "unknown run format '%s' (known: "
		                "csv, json, yaml, gbench, hyperfine)", format);
	if (read_file(path, &buf, &len, d) != FP_OK)
		return FP_ERR;
	text = buf;
	if (len >= 3 && memcmp(text, "\xef\xbb\xbf", 3) == 0) {
		text += 3;
		len -= 3;
	}
	if ((nul = memchr(text, '\0', len))) {
		uint32_t line, col;
		input_position(text, (size_t)(nul - text), &line, &col);
		free(buf);
		return diag_set(d, path, (int)line, (int)col,
		                "NUL byte: a run file is text");
	}
	if (!format && !(format = by_extension(path, text, len))) {
		free(buf);
		return diag_set(d, path, 0, 0, "cannot tell the format from the "
		                "file's name: give one of csv, json, yaml, "
		                "gbench, hyperfine");
	}
	if (strcmp(format, "csv") == 0)
		rc = input_csv(path, text, len, out, d);
	else if (strcmp(format, "yaml") == 0)
		rc = input_yaml(path, text, len, out, d);
	else /* .json: the content tells which kind; a given format rules */
		rc = load_json(path, forced ? format : NULL, text, len, out, d);
	free(buf);
	return rc;
}
