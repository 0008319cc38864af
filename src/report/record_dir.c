/* record_dir.c: a decision record folder: decision.md, decision.json,
 * cases.csv, index.html and comment.md (the Markdown to post: no relative
 * link), written together or not at all (util/atomic_file). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "report/md.h"
#include "report/report.h"
#include "util/atomic_file.h"

enum { NFILES = 5 };

static const char *const file_name[NFILES] = {
    "decision.md", "decision.json", "cases.csv", "index.html", "comment.md",
};

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

static int write_one(const struct record *r, int which, FILE *out,
                     struct diag *d)
{
	switch (which) {
	case 0:
		return md_write(r, out,
		                r->md_limit ? r->md_limit : REPORT_MD_LIMIT,
		                MD_CODE_POINTS, "cases.csv", true, d);
	case 1:
		return report_json(r, out, d);
	case 2:
		return report_csv(r, out, d);
	case 3:
		return report_html(r, out, d);
	default:
		return md_write(r, out,
		                r->md_limit ? r->md_limit : REPORT_MD_LIMIT,
		                MD_CODE_POINTS, "cases.csv", false, d);
	}
}

static void free_paths(char **path)
{
	for (int k = 0; k < NFILES; k++)
		free(path[k]);
}

int report_record_dir_check(const char *dir, bool force, struct diag *d)
{
	struct stat st;

	for (int k = 0; k < NFILES && !force; k++) {
		char *path = join(dir, file_name[k]);
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

int report_record_dir(const struct record *r, const char *dir, bool force,
                      struct diag *d)
{
	struct atomic_file af[NFILES] = {{0}};
	char *path[NFILES] = {0};
	int k;

	/* Refuse before writing anything, so that a refusal leaves the folder
	 * exactly as it was. */
	if (report_record_dir_check(dir, force, d) != FP_OK ||
	    make_dir(dir, d) != FP_OK)
		return FP_ERR;
	for (k = 0; k < NFILES; k++) {
		if (!(path[k] = join(dir, file_name[k]))) {
			free_paths(path);
			return diag_oom(d);
		}
	}
	for (k = 0; k < NFILES; k++) {
		if (atomic_file_open(&af[k], path[k], d) != FP_OK)
			goto fail;
		if (write_one(r, k, af[k].fp, d) != FP_OK) {
			diag_prefix(d, "%s", path[k]);
			goto fail;
		}
	}
	free_paths(path);
	return atomic_file_commit_all(af, NFILES, d);

fail:
	for (k = 0; k < NFILES; k++)
		atomic_file_abort(&af[k]);
	free_paths(path);
	return FP_ERR;
}
