/* record_dir.c: a record folder written together or not at all
 * (util/atomic_file), from a table of its files: price's decision.md,
 * decision.json, cases.csv, index.html and comment.md (the Markdown to
 * post: no relative link); compare's (report/compare.c). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/md.h"
#include "report/report.h"
#include "util/atomic_file.h"

/* "DIR/NAME" without doubling a trailing slash; caller frees. */
static char *join(const char *dir, const char *name)
{
	size_t dl = strlen(dir);
	char *p;

	if (dl == 0)
		return strdup(name);
	while (dl > 1 && dir[dl - 1] == '/')
		dl--;
	p = malloc(dl + 1 + strlen(name) + 1);
	if (!p)
		return NULL;
	memcpy(p, dir, dl);
	if (dir[dl - 1] != '/')
		p[dl++] = '/';
	strcpy(p + dl, name);
	return p;
}

/* Creates dir (one level; its parent must exist) or accepts an existing
 * folder. */
static int make_dir(const char *dir, struct diag *d)
{
	struct stat st;

	if (mkdir(dir, 0777) == 0)
		return FP_OK;
	if (errno != EEXIST)
		return diag_set(d, dir, 0, 0,
		                "cannot create the record folder: %s",
		                strerror(errno));
	if (stat(dir, &st) != 0)
		return diag_set(d, dir, 0, 0,
		                "cannot use the record folder: %s",
		                strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return diag_set(
		    d, dir, 0, 0,
		    "exists and is not a folder; cannot write a record "
		    "there");
	return FP_OK;
}

/* Writes the files of a record folder into dir (created if missing): each
 * to a temporary name, renamed into place only once all are written.  One
 * writer for every command's record folder (price's below, compare's in
 * compare.c): only the table of files differs. */
int report_dir_check(const char *dir, const struct report_dir_file *files,
                     size_t n, bool force, struct diag *d)
{
	struct stat st;

	for (size_t k = 0; k < n && !force; k++) {
		char *path = join(dir, files[k].name);
		if (!path)
			return diag_oom(d);
		if (lstat(path, &st) == 0) {
			diag_set(d, NULL, 0, 0,
			         "%s exists; use --force to replace it", path);
			free(path);
			return FP_ERR;
		}
		free(path);
	}
	return FP_OK;
}

int report_dir_write(const char *dir, const struct report_dir_file *files,
                     size_t n, const void *what, bool force, struct diag *d)
{
	struct atomic_file *af;
	char *path = NULL;
	size_t k;
	int rc = FP_ERR;

	/* Refuse before writing anything, so that a refusal leaves the folder
	 * exactly as it was. */
	if (report_dir_check(dir, files, n, force, d) != FP_OK ||
	    make_dir(dir, d) != FP_OK)
		return FP_ERR;
	if (!(af = calloc(n ? n : 1, sizeof *af)))
		return diag_oom(d);
	for (k = 0; k < n; k++) {
		if (!(path = join(dir, files[k].name))) {
			diag_oom(d);
			goto out;
		}
		if (atomic_file_open(&af[k], path, d) != FP_OK)
			goto out;
		if (files[k].write(what, af[k].fp, d) != FP_OK) {
			diag_prefix(d, "%s", path);
			goto out;
		}
		free(path);
		path = NULL;
	}
	rc = atomic_file_commit_all(af, n, d);
out:
	if (rc != FP_OK)
		for (k = 0; k < n; k++)
			atomic_file_abort(&af[k]);
	free(path);
	free(af);
	return rc;
}

/* ---- price's record ---- */

static size_t md_limit(const struct record *r)
{
	return r->md_limit ? r->md_limit : REPORT_MD_LIMIT;
}

static int decision_md(const void *r, FILE *out, struct diag *d)
{
	return md_write(r, out, md_limit(r), MD_CODE_POINTS, "cases.csv", true,
	                d);
}

static int decision_json(const void *r, FILE *out, struct diag *d)
{
	return report_json(r, out, d);
}

static int cases_csv(const void *r, FILE *out, struct diag *d)
{
	return report_csv(r, out, d);
}

static int index_html(const void *r, FILE *out, struct diag *d)
{
	return report_html(r, out, d);
}

static int comment_md(const void *r, FILE *out, struct diag *d)
{
	return md_write(r, out, md_limit(r), MD_CODE_POINTS, "cases.csv", false,
	                d);
}

static const struct report_dir_file record_files[] = {
    {"decision.md", decision_md}, {"decision.json", decision_json},
    {"cases.csv", cases_csv},     {"index.html", index_html},
    {"comment.md", comment_md},
};
#define NFILES (sizeof record_files / sizeof record_files[0])

int report_record_dir_check(const char *dir, bool force, struct diag *d)
{
	return report_dir_check(dir, record_files, NFILES, force, d);
}

int report_record_dir(const struct record *r, const char *dir, bool force,
                      struct diag *d)
{
	return report_dir_write(dir, record_files, NFILES, r, force, d);
}
