/* load.c: reading a run file once and giving it to its format's reader
 * (load.h).  Which format: the table and the rules of detect.c. */
#include <jansson.h>
#include <stdint.h>
#include <string.h>

#include "run/builder.h"
#include "run/detect.h"
#include "run/estimate.h"
#include "run/folder.h"
#include "run/load.h"
#include "run/unique.h"
#include "util/source.h"

/* Takes a byte order mark off the text; a NUL byte is an error. */
static int check_text(struct fmt_src *s, struct diag *d)
{
	const char *nul;

	if (s->len >= 3 && memcmp(s->text, "\xef\xbb\xbf", 3) == 0) {
		s->text += 3;
		s->len -= 3;
	}
	if ((nul = memchr(s->text, '\0', s->len))) {
		uint32_t line, col;
		rb_position(s->text, (size_t)(nul - s->text), &line, &col);
		return diag_set(d, s->path, (int)line, (int)col,
		                "NUL byte: a run file is text");
	}
	return FP_OK;
}

/* Reads s as format f; a JSON format is parsed first, and plain "json"
 * chosen by the name (not given) is read as the kind its keys say. */
static int read_as(const struct run_format *f, bool given, struct fmt_src *s,
                   struct run **out, struct diag *d)
{
	int rc;

	if (!f->json)
		return f->read(s, out, d);
	if (fmt_json_parse(s->path, s->text, s->len, &s->json, d) != FP_OK)
		return FP_ERR;
	if (!given)
		f = run_format_find(fmt_json_kind(s->json));
	rc = f->read(s, out, d);
	json_decref(s->json);
	s->json = NULL;
	return rc;
}

static int unknown_format(const char *name, struct diag *d)
{
	char known[160];

	return diag_set(d, NULL, 0, 0, "unknown run format '%s' (known: %s)",
	                name, run_format_list(known, sizeof known));
}

static int finish(const struct fmt_src *s, struct run **out, struct diag *d);

static int parse(const char *path, const char *name, const char *text,
                 size_t len, const struct run_opts *opts, struct run **out,
                 struct diag *d)
{
	static const struct run_opts defaults = {0};
	const struct run_format *f = NULL;
	struct fmt_src s = {.path = name,
	                    .text = text,
	                    .len = len,
	                    .opts = opts ? opts : &defaults};
	char known[160], looks[RUN_SHOW_SIZE + 200];

	if (s.opts->format && !(f = run_format_find(s.opts->format)))
		return unknown_format(s.opts->format, d);
	if (check_text(&s, d) != FP_OK)
		return FP_ERR;
	if (!f && !(f = run_format_choose(path, s.text, s.len)))
		return diag_set(
		    d, s.path, 0, 0,
		    "cannot tell the format: %s; give --input-format "
		    "FMT, one of %s",
		    run_format_looks(s.text, s.len, looks, sizeof looks),
		    run_format_list(known, sizeof known));
	if (!s.opts->format && f->json && !run_text_is_json(s.text, s.len) &&
	    run_text_is_other(s.text, s.len))
		return diag_set(
		    d, s.path, 0, 0,
		    "the name says JSON, but %s; give --input-format "
		    "FMT, one of %s",
		    run_format_looks(s.text, s.len, looks, sizeof looks),
		    run_format_list(known, sizeof known));
	/* A JSON format given is obeyed; .json says only "some JSON". */
	if (read_as(f, s.opts->format != NULL, &s, out, d) != FP_OK)
		return FP_ERR;
	return finish(&s, out, d);
}

/* r, a part of run head, checked now or marked to be. */
static int check_names(struct run *r, const struct run_opts *opts,
                       const struct run *head, struct diag *d)
{
	if (opts->names_later && !head->part_next) {
		r->names_unchecked = true;
		return FP_OK;
	}
	return run_check_unique(r, NULL, NULL, d);
}

/* What every run gets once read: --split-by's check, the estimator over
 * its samples, the pass policy, and last its names checked unique
 * (unless left to the caller, run/unique.h). */
static int finish(const struct fmt_src *s, struct run **out, struct diag *d)
{
	if (s->opts->split_by && strncmp((*out)->format, "go", 2) != 0) {
		diag_set(d, s->path, 0, 0,
		         "--split-by %s: %s is read as %s; only Go benchmark "
		         "text has configuration lines to split by",
		         s->opts->split_by, s->path, (*out)->format);
		run_free(*out);
		*out = NULL;
		return FP_ERR;
	}
	/* Each run of a file's run column (run/parts.h) as its own file. */
	for (struct run *r = *out; r; r = r->part_next)
		if (run_estimate(r, s->opts->estimator, d) != FP_OK ||
		    run_apply_policy(r, s->opts->policy) != FP_OK ||
		    check_names(r, s->opts, *out, d) != FP_OK) {
			run_free(*out);
			*out = NULL;
			return FP_ERR;
		}
	return FP_OK;
}

int run_parse(const char *path, const char *text, size_t len,
              const struct run_opts *opts, struct run **out, struct diag *d)
{
	return parse(path, path, text, len, opts, out, d);
}

/* A folder: criterion.rs's benchmarks (run/folder.h), each file read
 * once; the run's hash is that of the listing of their hashes, which the
 * run keeps (files). */
static int load_folder(const char *path, const struct run_opts *opts,
                       struct run **out, struct diag *d)
{
	struct run_folder f;
	struct fmt_src s = {.path = path, .text = "", .opts = opts};
	int rc;

	if (opts->format && strcmp(opts->format, "criterion") != 0)
		return diag_set(d, path, 0, 0,
		                "a folder; --input-format %s reads a file "
		                "(only criterion reads a folder)",
		                opts->format);
	rc = run_folder_read(path, RUN_MAX_FILE, RUN_FOLDER_MAX, &f, d);
	s.benches = f.benches;
	s.nbenches = f.n;
	if (rc == FP_OK && fmt_criterion(&s, out, d) == FP_OK) {
		memcpy((*out)->sha256, f.sha256, sizeof f.sha256);
		(*out)->files = f.files;
		(*out)->nfiles = f.nfiles;
		f.files = NULL;
		f.nfiles = 0;
		rc = finish(&s, out, d);
	} else {
		rc = FP_ERR;
	}
	run_folder_free(&f);
	return rc;
}

/* Lets the text go; a file written while it was parsed makes the parse
 * void, whatever it said (a parse error may be the writer's doing). */
static int done(struct source *src, int *rc, struct diag *d)
{
	struct diag changed;

	if (source_done(src, &changed) != FP_OK) {
		*d = changed;
		*rc = FP_ERR;
	}
	return *rc;
}

int run_load(const char *path, const struct run_opts *opts, struct run **out,
             struct diag *d)
{
	static const struct run_opts defaults = {0};
	struct source src;
	bool parsed;
	int rc;

	if (opts && opts->format && !run_format_find(opts->format))
		return unknown_format(opts->format, d);
	if (run_path_is_folder(path))
		return load_folder(path, opts ? opts : &defaults, out, d);
	if (source_map(path, RUN_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	rc = parse(path, src.name, src.data, src.len, opts ? opts : &defaults,
	           out, d);
	for (struct run *r = rc == FP_OK ? *out : NULL; r; r = r->part_next)
		memcpy(r->sha256, src.sha256, sizeof src.sha256);
	parsed = rc == FP_OK;
	if (done(&src, &rc, d) != FP_OK && parsed) {
		run_free(*out);
		*out = NULL;
	}
	return rc;
}

int run_load_split(const char *path, const struct run_opts *opts,
                   struct run **before, struct run **after, struct diag *d)
{
	struct run_opts o = *opts;
	struct source src;
	bool parsed;
	int rc;

	*before = *after = NULL;
	if (o.format && !run_format_find(o.format))
		return unknown_format(o.format, d);
	/* A folder has no configuration lines: load_folder says so. */
	if (run_path_is_folder(path)) {
		rc = load_folder(path, &o, before, d);
		run_free(*before);
		*before = NULL;
		return rc == FP_OK
		           ? diag_set(d, path, 0, 0, "--split-by: a folder")
		           : FP_ERR;
	}
	if (source_map(path, RUN_MAX_FILE, &src, d) != FP_OK)
		return FP_ERR;
	o.split_group = 0;
	rc = parse(path, src.name, src.data, src.len, &o, before, d);
	o.split_group = 1;
	if (rc == FP_OK)
		rc = parse(path, src.name, src.data, src.len, &o, after, d);
	if (rc == FP_OK) {
		memcpy((*before)->sha256, src.sha256, sizeof src.sha256);
		memcpy((*after)->sha256, src.sha256, sizeof src.sha256);
	}
	parsed = rc == FP_OK;
	if (done(&src, &rc, d) != FP_OK) {
		run_free(*before);
		if (parsed)
			run_free(*after);
		*before = *after = NULL;
	}
	return rc;
}
