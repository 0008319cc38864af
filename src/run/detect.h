/* detect.h: the table of run formats, and which one an input is.
 *
 * One entry per format: its name (for --input-format and messages), its
 * reader (run/formats/formats.h), whether it is JSON (parsed once before
 * its reader runs, and told apart from the other JSON formats by its
 * top-level keys), a test of its first bytes where those tell, and the
 * advice fixprice gives in the harness's own words.  Help, errors,
 * detection and the record's hints all read the table. */
#ifndef FP_RUN_DETECT_H
#define FP_RUN_DETECT_H

#include <stdbool.h>
#include <stddef.h>

#include "run/formats/formats.h"

/* fixprice's advice in a harness's own words (NULL: the general words,
 * for a format written for fixprice). */
struct run_advice {
	/* How the harness gives several samples per case. */
	const char *samples;
	/* For a file of aggregates only (run.h: aggregate): how to get the
	 * samples the harness does not keep in it. */
	const char *aggregates;
	/* Where the harness's pass states can come from, when the file
	 * records none (NULL: a JUnit report given with --results). */
	const char *pass;
};

struct run_format {
	const char *name;
	fmt_read_fn read;
	bool json; /* parse as JSON first */
	/* Whether the first bytes are this format's (NULL: never alone). */
	bool (*detect)(const char *text, size_t len);
	const char *what; /* one line for help: what writes it */
	struct run_advice advice;
};

/* The advice of the format called name (empty for an unknown name). */
const struct run_advice *run_format_advice(const char *name);

extern const struct run_format run_formats[];
extern const size_t run_nformats;

/* The format called name, or NULL. */
const struct run_format *run_format_find(const char *name);
/* "csv, json, ..." from the table, into buf. */
const char *run_format_list(char *buf, size_t size);
/* The format that the name and the first bytes of the text say, or NULL
 * (see detect.c for the order of the rules).  A ".json" name, or text
 * that starts as JSON, gives the plain "json" entry: the JSON formats are
 * told apart once the text is parsed (fmt_json_kind). */
const struct run_format *run_format_choose(const char *path, const char *text,
                                           size_t len);

/* True if the first character that is not blank is { or [. */
bool run_text_is_json(const char *text, size_t len);

/* True if the text is clearly some other format than JSON: XML, a first
 * line with commas, or the first bytes of a format that tells. */
bool run_text_is_other(const char *text, size_t len);

/* What a text no format reads looks like, for the error, into buf
 * ("it looks like a JUnit XML report: give it with --results ...",
 * "its first line is '...'").  Returns buf. */
const char *run_format_looks(const char *text, size_t len, char *buf,
                             size_t size);

#endif
