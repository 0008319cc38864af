/* metric_find.c: finding a metric (built-in, by name, by path) and
 * listing the ones that can be found by name. */
#include "price/metric.h"

#include <dirent.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "price/metric_check.h"
#include "util/names.h"
#include "util/source.h"
#include "util/yamldoc.h"

/* Where a built-in metric says it comes from: "<builtin>/NAME.yaml". */
#define BUILTIN_PATH_MAX 128

static const char *const suffixes[] = {".yaml", ".yml"};

static int load_doc(const char *path, const char *text, size_t len,
                    struct metric **out, struct diag *d)
{
	struct ydoc *doc;
	int rc;

	*out = NULL;
	if (ydoc_load(path, text, len, &doc, d))
		return FP_ERR;
	rc = metric_from_doc(doc, out, d);
	ydoc_free(doc);
	return rc;
}

static const struct metric_builtin *find_builtin(const char *name)
{
	for (const struct metric_builtin *b = metric_builtins; b->name; b++)
		if (strcmp(b->name, name) == 0)
			return b;
	return NULL;
}

static char *builtin_path(char buf[BUILTIN_PATH_MAX],
                          const struct metric_builtin *b)
{
	snprintf(buf, BUILTIN_PATH_MAX, "<builtin>/%s.yaml", b->name);
	return buf;
}

static int load_builtin(const struct metric_builtin *b, struct metric **out,
                        struct diag *d)
{
	char path[BUILTIN_PATH_MAX];

	return load_doc(builtin_path(path, b), b->text, b->len, out, d);
}

int metric_load_text(const char *path, const char *text, size_t len,
                     struct metric **out, struct diag *d)
{
	return load_doc(path, text, len, out, d);
}

static bool has_suffix(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);
	return ls >= lx && strcmp(s + ls - lx, suffix) == 0;
}

static bool is_metric_file_name(const char *s)
{
	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++)
		if (has_suffix(s, suffixes[i]))
			return true;
	return false;
}

bool metric_is_path(const char *name_or_path)
{
	return strchr(name_or_path, '/') || is_metric_file_name(name_or_path);
}

static bool is_regular_file(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* The user's own metrics folder: $XDG_CONFIG_HOME/fixprice/metrics, or
 * ~/.config/fixprice/metrics when XDG_CONFIG_HOME is unset, empty or not
 * absolute (the XDG base directory rules).  false when neither is known. */
static bool config_folder(char *dir, size_t size)
{
	const char *xdg = getenv("XDG_CONFIG_HOME");
	const char *home = getenv("HOME");
	int n;

	if (xdg && xdg[0] == '/')
		n = snprintf(dir, size, "%s/fixprice/metrics", xdg);
	else if (home && home[0] == '/')
		n = snprintf(dir, size, "%s/.config/fixprice/metrics", home);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

/* Calls fn for each folder metrics are searched in, in order, until it
 * returns true; returns true if it did: each folder of
 * $FIXPRICE_METRICS_PATH, the user's folder, the installed one. */
static bool each_folder(bool (*fn)(const char *dir, void *arg), void *arg)
{
	const char *env = getenv("FIXPRICE_METRICS_PATH");
	char dir[4096];

	while (env && *env) {
		const char *colon = strchr(env, ':');
		size_t len = colon ? (size_t)(colon - env) : strlen(env);

		if (len > 0 && len < sizeof dir) {
			memcpy(dir, env, len);
			dir[len] = '\0';
			if (fn(dir, arg))
				return true;
		}
		env = colon ? colon + 1 : NULL;
	}
	if (config_folder(dir, sizeof dir) && fn(dir, arg))
		return true;
	return fn(FP_DATADIR "/metrics", arg);
}

struct lookup {
	const char *name;
	const struct stat *skip; /* a file to pass over, or NULL */
	char path[4096 + 256];
};

static bool find_in(const char *dir, void *arg)
{
	struct lookup *l = arg;
	struct stat st;

	for (size_t i = 0; i < sizeof suffixes / sizeof *suffixes; i++) {
		snprintf(l->path, sizeof l->path, "%s/%s%s", dir, l->name,
		         suffixes[i]);
		if (stat(l->path, &st) != 0 || !S_ISREG(st.st_mode))
			continue;
		if (!l->skip || st.st_dev != l->skip->st_dev ||
		    st.st_ino != l->skip->st_ino)
			return true;
	}
	return false;
}

/* Collects metric names for "shipped: ..." in the error below. */
struct name_list {
	char text[DIAG_MSG_MAX / 2];
};

static void add_name(const char *name, const char *path,
                     const char *description, void *arg)
{
	struct name_list *l = arg;

	names_append(l->text, sizeof l->text, name);
}

/* Where -m name_or_path comes from: FP_OK with l->path a file, or *b a
 * built-in copy; else the error "no metric named ...". */
static int locate(const char *name_or_path, struct lookup *l,
                  const struct metric_builtin **b, struct diag *d)
{
	struct name_list names = {""};
	const char *name = name_or_path ? name_or_path : METRIC_DEFAULT;

	*b = NULL;
	if (metric_is_path(name)) {
		snprintf(l->path, sizeof l->path, "%s", name);
		return FP_OK;
	}
	l->name = name;
	if (each_folder(find_in, l))
		return FP_OK;
	if ((*b = find_builtin(name)) != NULL)
		return FP_OK;
	if (metric_list(add_name, &names, d))
		return FP_ERR;
	return diag_set(d, NULL, 0, 0, "no metric named '%s' (shipped: %s)",
	                name, names.text);
}

int metric_load(const char *name_or_path, struct metric **out, struct diag *d)
{
	struct lookup l = {.skip = NULL};
	const struct metric_builtin *b;

	*out = NULL;
	if (name_or_path && strlen(name_or_path) >= sizeof l.path)
		return load_doc(name_or_path, NULL, 0, out, d);
	if (locate(name_or_path, &l, &b, d) != FP_OK)
		return FP_ERR;
	return b ? load_builtin(b, out, d) : load_doc(l.path, NULL, 0, out, d);
}

int metric_read(const char *name_or_path, int skip_fd, struct source *out,
                char **path, struct diag *d)
{
	struct lookup l = {.skip = NULL};
	const struct metric_builtin *b;
	char where[BUILTIN_PATH_MAX];
	struct stat skip;

	memset(out, 0, sizeof *out);
	if (skip_fd >= 0 && fstat(skip_fd, &skip) == 0 && S_ISREG(skip.st_mode))
		l.skip = &skip;
	*path = NULL;
	if (name_or_path && strlen(name_or_path) >= sizeof l.path)
		return diag_set(d, name_or_path, 0, 0, "path too long");
	if (locate(name_or_path, &l, &b, d) != FP_OK)
		return FP_ERR;
	if (!b) {
		if (source_read(l.path, METRIC_MAX_BYTES, out, d) != FP_OK)
			return FP_ERR;
		if (!(*path = strdup(l.path))) {
			source_free(out);
			return diag_oom(d);
		}
		return FP_OK;
	}
	out->data = malloc(b->len + 1);
	*path = strdup(builtin_path(where, b));
	if (!out->data || !*path) {
		source_free(out);
		free(*path);
		*path = NULL;
		return diag_oom(d);
	}
	memcpy(out->data, b->text, b->len + 1);
	out->len = b->len;
	out->name = "<builtin>";
	return FP_OK;
}

/* ---- Listing ---------------------------------------------------------- */

struct entry {
	char *name, *path, *description;
};

struct listing {
	struct entry *v;
	size_t n;
	bool oom;
};

static bool listed(const struct listing *l, const char *name)
{
	for (size_t i = 0; i < l->n; i++)
		if (strcmp(l->v[i].name, name) == 0)
			return true;
	return false;
}

/* The description of a metric file, or why it cannot be read (caller
 * frees).  Only the YAML is read: listing does not compile formulas. */
static char *describe(const char *path, const char *text, size_t len)
{
	struct ydoc *doc;
	struct diag d;
	const struct ynode *n;
	char *out;

	if (ydoc_load(path, text, len, &doc, &d)) {
		char buf[DIAG_MSG_MAX + 32];
		snprintf(buf, sizeof buf, "(cannot read: %s)", d.msg);
		return strdup(buf);
	}
	n = doc->root ? ydoc_get(doc->root, "description") : NULL;
	out = strdup(n && n->kind == YNODE_SCALAR ? n->str : "");
	ydoc_free(doc);
	return out;
}

static void add_entry(struct listing *l, const char *name, const char *path,
                      const char *text, size_t len)
{
	struct entry *grown = realloc(l->v, (l->n + 1) * sizeof *grown);
	struct entry *e;

	if (!grown) {
		l->oom = true;
		return;
	}
	l->v = grown;
	e = &l->v[l->n];
	e->name = strdup(name);
	e->path = strdup(path);
	e->description = describe(path, text, len);
	if (!e->name || !e->path || !e->description) {
		free(e->name);
		free(e->path);
		free(e->description);
		l->oom = true;
		return;
	}
	l->n++;
}

static bool list_folder(const char *dir, void *arg)
{
	struct listing *l = arg;
	DIR *dh = opendir(dir);
	struct dirent *de;

	if (!dh)
		return false; /* a folder that is not there lists nothing */
	while ((de = readdir(dh)) != NULL) {
		char name[256], path[4096 + 256];
		size_t stem;

		if (de->d_name[0] == '.' || !is_metric_file_name(de->d_name))
			continue;
		stem = strlen(de->d_name) -
		       (has_suffix(de->d_name, ".yml") ? 4 : 5);
		if (stem == 0 || stem >= sizeof name)
			continue;
		memcpy(name, de->d_name, stem);
		name[stem] = '\0';
		snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
		if (!listed(l, name) && is_regular_file(path))
			add_entry(l, name, path, NULL, 0);
	}
	closedir(dh);
	return false; /* go on with the next folder */
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->name,
	              ((const struct entry *)b)->name);
}

int metric_list(void (*fn)(const char *name, const char *path,
                           const char *description, void *arg),
                void *arg, struct diag *d)
{
	struct listing l = {NULL, 0, false};
	int rc = FP_OK;

	each_folder(list_folder, &l);
	for (const struct metric_builtin *b = metric_builtins; b->name; b++) {
		char path[BUILTIN_PATH_MAX];
		if (!listed(&l, b->name))
			add_entry(&l, b->name, builtin_path(path, b), b->text,
			          b->len);
	}
	if (l.oom) {
		rc = diag_oom(d);
	} else {
		qsort(l.v, l.n, sizeof *l.v, by_name);
		for (size_t i = 0; i < l.n; i++)
			fn(l.v[i].name, l.v[i].path, l.v[i].description, arg);
	}
	for (size_t i = 0; i < l.n; i++) {
		free(l.v[i].name);
		free(l.v[i].path);
		free(l.v[i].description);
	}
	free(l.v);
	return rc;
}
