/* folder.c: a criterion.rs folder read as one run (folder.h): its
 * benchmarks found, each file read once through util/source, the listing
 * of their hashes hashed. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "run/folder.h"
#include "util/sha256.h"
#include "util/source.h"

struct walk {
	const char *root;
	const char *leaf; /* the baseline read: "new", or NAME of DIR@NAME */
	size_t cap_bytes; /* of one file */
	size_t max;       /* benchmarks */
	struct run_folder *f;
	size_t cap;
	struct diag *d;
};

/* A path the bounds refuse is no folder: its read says why. */
static bool is_dir(const char *path)
{
	struct stat st;
	struct diag ignored;

	return source_stat(path, &st, &ignored) == FP_OK && S_ISDIR(st.st_mode);
}

/* For "DIR@NAME" that names nothing itself, DIR a folder: DIR (caller
 * frees) and NAME, a baseline; else NULL. */
static char *baseline_of(const char *path, const char **name)
{
	const char *at = strrchr(path, '@'), *slash = strrchr(path, '/');
	struct stat st;
	struct diag ignored;
	char *dir;

	if (!at || (slash && slash > at) || at == path || !at[1] ||
	    strcmp(at + 1, ".") == 0 || strcmp(at + 1, "..") == 0 ||
	    (source_stat(path, &st, &ignored) == FP_OK && st.st_mode != 0) ||
	    !(dir = strndup(path, (size_t)(at - path))))
		return NULL;
	if (!is_dir(dir)) {
		free(dir);
		return NULL;
	}
	*name = at + 1;
	return dir;
}

bool run_path_is_folder(const char *path)
{
	const char *name;
	char *dir;

	if (strcmp(path, "-") == 0)
		return false;
	if (is_dir(path))
		return true;
	dir = baseline_of(path, &name);
	free(dir);
	return dir != NULL;
}

/* root/rel/tail, or root/tail when rel is "" (caller frees). */
static char *join(const char *root, const char *rel, const char *tail)
{
	size_t n = strlen(root) + strlen(rel) + strlen(tail) + 3;
	char *s = malloc(n);

	if (s)
		snprintf(s, n, "%s/%s%s%s", root, rel, *rel ? "/" : "", tail);
	return s;
}

/* *yes: path is a file; an error when the bounds refuse it, or out of
 * memory (path NULL). */
static int is_file(const char *path, bool *yes, struct diag *d)
{
	struct stat st;

	*yes = false;
	if (!path)
		return diag_oom(d);
	if (source_stat(path, &st, d) != FP_OK)
		return FP_ERR;
	*yes = S_ISREG(st.st_mode);
	return FP_OK;
}

static int add_bench(struct walk *w, const char *rel)
{
	struct run_folder *f = w->f;

	if (f->n == w->max)
		return diag_set(w->d, w->root, 0, 0,
		                "more than %zu criterion benchmarks", w->max);
	if (f->n == w->cap) {
		size_t cap = w->cap ? 2 * w->cap : 16;
		struct fmt_bench *b = realloc(f->benches, cap * sizeof *b);
		if (!b)
			return diag_oom(w->d);
		f->benches = b;
		w->cap = cap;
	}
	f->benches[f->n] = (struct fmt_bench){.dir = strdup(rel)};
	if (!f->benches[f->n++].dir)
		return diag_oom(w->d);
	return FP_OK;
}

/* The folders in root/rel other than criterion's own (new, base,
 * change), not following links, into *names (caller frees each). */
static int subfolders(struct walk *w, const char *rel, char ***names, size_t *n)
{
	char *path = *rel ? join(w->root, "", rel) : strdup(w->root),
	     **v = NULL;
	int fd =
	    path ? source_open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC, w->d)
	         : -1;
	DIR *dir = fd >= 0 ? fdopendir(fd) : NULL;
	struct dirent *e;
	int rc = FP_OK;

	*names = NULL;
	*n = 0;
	if (!path)
		return diag_oom(w->d);
	if (!dir) {
		rc = fd < 0 ? FP_ERR
		            : diag_set(w->d, path, 0, 0, "cannot list: %s",
		                       strerror(errno));
		if (fd >= 0)
			close(fd);
		free(path);
		return rc;
	}
	while (rc == FP_OK && (errno = 0, e = readdir(dir))) {
		struct stat st;
		if (e->d_name[0] == '.' || strcmp(e->d_name, "new") == 0 ||
		    strcmp(e->d_name, "base") == 0 ||
		    strcmp(e->d_name, "change") == 0 ||
		    strcmp(e->d_name, "report") == 0 ||
		    strcmp(e->d_name, w->leaf) == 0)
			continue;
		/* A link is not followed: only folders below are walked. */
		if (fstatat(dirfd(dir), e->d_name, &st, AT_SYMLINK_NOFOLLOW) !=
		        0 ||
		    !S_ISDIR(st.st_mode))
			continue;
		if (!(v = realloc(*names, (*n + 1) * sizeof *v)) ||
		    !(v[*n] = strdup(e->d_name)))
			rc = diag_oom(w->d);
		if (v)
			*names = v;
		if (rc == FP_OK)
			(*n)++;
	}
	if (rc == FP_OK && errno)
		rc = diag_set(w->d, path, 0, 0, "cannot list: %s",
		              strerror(errno));
	closedir(dir);
	free(path);
	for (size_t i = 0; rc != FP_OK && i < *n; i++)
		free((*names)[i]);
	if (rc != FP_OK) {
		free(*names);
		*names = NULL;
		*n = 0;
	}
	return rc;
}

/* Finds the benchmarks at and under root/rel. */
static int walk(struct walk *w, const char *rel, int depth)
{
	char tail[RUN_FOLDER_NAME + 16], *sample, **names;
	size_t n;
	bool yes;
	int rc;

	snprintf(tail, sizeof tail, "%s/sample.json", w->leaf);
	sample = join(w->root, rel, tail);
	rc = is_file(sample, &yes, w->d);

	if (rc == FP_OK && yes)
		rc = add_bench(w, rel);
	free(sample);
	if (rc != FP_OK)
		return FP_ERR;
	if (depth == RUN_FOLDER_DEPTH)
		return FP_OK;
	if (subfolders(w, rel, &names, &n) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(rel) + strlen(names[i]) + 2;
		char *sub = rc == FP_OK ? malloc(len) : NULL;
		if (rc == FP_OK && !sub)
			rc = diag_oom(w->d);
		if (rc == FP_OK) {
			snprintf(sub, len, "%s%s%s", rel, *rel ? "/" : "",
			         names[i]);
			rc = walk(w, sub, depth + 1);
		}
		free(sub);
		free(names[i]);
	}
	free(names);
	return rc;
}

/* Listing lines by their paths, after the hash and two spaces. */
static int by_path(const void *a, const void *b)
{
	return strcmp(*(char *const *)a + 66, *(char *const *)b + 66);
}

static int by_dir(const void *a, const void *b)
{
	return strcmp(((const struct fmt_bench *)a)->dir,
	              ((const struct fmt_bench *)b)->dir);
}

/* Reads root/rel/new/NAME into *text (its path into *path), and its
 * listing line. */
static int read_file(struct walk *w, const char *rel, const char *name,
                     char **path, char **text, size_t *len)
{
	struct run_folder *f = w->f;
	char tail[RUN_FOLDER_NAME + 32], *line;
	struct source src;
	size_t n;

	snprintf(tail, sizeof tail, "%s/%s", w->leaf, name);
	if (!(*path = join(w->root, rel, tail)))
		return diag_oom(w->d);
	if (source_read(*path, w->cap_bytes, &src, w->d) != FP_OK)
		return FP_ERR;
	*text = src.data;
	*len = src.len;
	n = 64 + 2 + strlen(rel) + 1 + strlen(tail) + 2;
	line = malloc(n);
	if (line)
		snprintf(line, n, "%s  %s%s%s", src.sha256, rel,
		         *rel ? "/" : "", tail);
	src.data = NULL;
	source_free(&src);
	if (!line)
		return diag_oom(w->d);
	f->files[f->nfiles++] = line;
	return FP_OK;
}

/* The listing's hash: its lines in byte order, each ended by a newline,
 * as sha256sum prints them. */
static int hash_listing(struct run_folder *f, struct diag *d)
{
	size_t len = 0;
	char *all;

	qsort(f->files, f->nfiles, sizeof *f->files, by_path);
	for (size_t i = 0; i < f->nfiles; i++)
		len += strlen(f->files[i]) + 1;
	if (!(all = malloc(len + 1)))
		return diag_oom(d);
	len = 0;
	for (size_t i = 0; i < f->nfiles; i++) {
		size_t k = strlen(f->files[i]);
		memcpy(all + len, f->files[i], k);
		all[len + k] = '\n';
		len += k + 1;
	}
	sha256_hex(all, len, f->sha256);
	free(all);
	return FP_OK;
}

int run_folder_read(const char *path, size_t cap, size_t max,
                    struct run_folder *out, struct diag *d)
{
	const char *leaf = "new";
	char *root = baseline_of(path, &leaf), *target = NULL;
	struct walk w = {.f = out, .cap_bytes = cap, .max = max, .d = d};
	size_t len;
	struct stat st;
	int rc;

	memset(out, 0, sizeof *out);
	if (strlen(leaf) > RUN_FOLDER_NAME || strchr(leaf, '/')) {
		free(root);
		return diag_set(
		    d, path, 0, 0,
		    "a baseline name is one folder's name of at most "
		    "%d bytes",
		    RUN_FOLDER_NAME);
	}
	w.leaf = leaf;
	if (!root)
		root = strdup(path);
	len = root ? strlen(root) : 0;
	/* "before/" is "before" in every path shown. */
	while (len > 1 && root[len - 1] == '/')
		root[--len] = '\0';
	if (!root || !(target = join(root, "", "criterion"))) {
		free(root);
		return diag_oom(d);
	}
	/* A cargo target folder: its criterion/ is the run. */
	rc = source_stat(target, &st, d);
	w.root = S_ISDIR(st.st_mode) ? target : root;
	if (rc == FP_OK)
		rc = walk(&w, "", 0);
	if (rc == FP_OK && out->n == 0 && strcmp(leaf, "new") != 0)
		rc = diag_set(d, path, 0, 0,
		              "no criterion.rs benchmark has a baseline '%s' "
		              "(NAME/%s/sample.json, as cargo bench -- "
		              "--save-baseline %s writes; each run saves base/ "
		              "unless run with --baseline)",
		              leaf, leaf, leaf);
	else if (rc == FP_OK && out->n == 0)
		rc = diag_set(d, path, 0, 0,
		              "a folder, with no criterion.rs benchmark in it "
		              "(NAME/new/sample.json, as cargo bench writes "
		              "under target/criterion); a run is a file or "
		              "such a folder");
	if (rc == FP_OK)
		qsort(out->benches, out->n, sizeof *out->benches, by_dir);
	if (rc == FP_OK &&
	    !(out->files = calloc(2 * out->n, sizeof *out->files)))
		rc = diag_oom(d);
	for (size_t i = 0; rc == FP_OK && i < out->n; i++) {
		struct fmt_bench *b = &out->benches[i];
		char tail[RUN_FOLDER_NAME + 16], *id;
		bool has_id;

		snprintf(tail, sizeof tail, "%s/benchmark.json", leaf);
		id = join(w.root, b->dir, tail);
		rc = is_file(id, &has_id, d);
		free(id);
		if (rc == FP_OK && has_id)
			rc = read_file(&w, b->dir, "benchmark.json",
			               &b->id_path, &b->id_text, &b->id_len);
		if (rc == FP_OK)
			rc = read_file(&w, b->dir, "sample.json",
			               &b->sample_path, &b->sample_text,
			               &b->sample_len);
	}
	if (rc == FP_OK)
		rc = hash_listing(out, d);
	free(target);
	free(root);
	return rc;
}

void run_folder_free(struct run_folder *f)
{
	for (size_t i = 0; i < f->n; i++) {
		free(f->benches[i].dir);
		free(f->benches[i].id_path);
		free(f->benches[i].sample_path);
		free(f->benches[i].id_text);
		free(f->benches[i].sample_text);
	}
	free(f->benches);
	for (size_t i = 0; i < f->nfiles; i++)
		free(f->files[i]);
	free(f->files);
	memset(f, 0, sizeof *f);
}
