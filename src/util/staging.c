/* staging.c: output folders committed whole (staging.h). */
#include "util/staging.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "A/B" without doubling a slash; caller frees; NULL when out of memory. */
static char *join(const char *a, const char *b)
{
	size_t la = strlen(a);
	char *p = malloc(la + 1 + strlen(b) + 1);

	if (p)
		sprintf(p, "%s%s%s", a, la && a[la - 1] == '/' ? "" : "/", b);
	return p;
}

/* final without trailing slashes ("pricing/" names the folder pricing). */
static char *trimmed(const char *final)
{
	size_t n = strlen(final);

	while (n > 1 && final[n - 1] == '/')
		n--;
	return strndup(final, n);
}

/* mkdtemp makes its folder 0700; a committed folder gets the mode mkdir
 * would have given it. */
static void usual_mode(const char *path)
{
	mode_t mask = umask(0);

	umask(mask);
	chmod(path, 0777 & ~mask);
}

int staging_open(struct staging *st, const char *final, struct diag *d)
{
	struct stat sb;
	size_t size;

	*st = (struct staging){0};
	if (!(st->final = trimmed(final)))
		return diag_oom(d);
	if (stat(st->final, &sb) == 0 && !S_ISDIR(sb.st_mode)) {
		diag_set(d, final, 0, 0, "exists and is not a folder");
		staging_abort(st);
		return FP_ERR;
	}
	st->whole = stat(st->final, &sb) != 0;
	size = strlen(st->final) + 32;
	if (!(st->path = malloc(size))) {
		staging_abort(st);
		return diag_oom(d);
	}
	snprintf(st->path, size,
	         st->whole ? "%s.fixprice-XXXXXX" : "%s/.fixprice-XXXXXX",
	         st->final);
	if (!mkdtemp(st->path)) {
		diag_set(d, final, 0, 0, "cannot create the folder: %s",
		         strerror(errno));
		free(st->path);
		st->path = NULL;
		staging_abort(st);
		return FP_ERR;
	}
	if (st->whole)
		usual_mode(st->path);
	return FP_OK;
}

/* The names in the staging folder, sorted (so that commits go in the same
 * order everywhere); *n of them, caller frees with free_names. */
static char **list(const char *path, size_t *n)
{
	DIR *dir = opendir(path);
	struct dirent *e;
	char **names = NULL;

	*n = 0;
	if (!dir)
		return NULL;
	while ((e = readdir(dir))) {
		char **grown;
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if (!(grown = realloc(names, (*n + 1) * sizeof *names)) ||
		    !(grown[*n] = strdup(e->d_name))) {
			names = grown ? grown : names;
			break;
		}
		names = grown;
		(*n)++;
	}
	closedir(dir);
	for (size_t i = 1; i < *n; i++)
		for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0;
		     j--) {
			char *t = names[j];
			names[j] = names[j - 1];
			names[j - 1] = t;
		}
	return names;
}

static void free_names(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* Removes names[0..n) from folder dir. */
static void remove_all(const char *dir, char **names, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *p = join(dir, names[i]);
		if (p)
			unlink(p);
		free(p);
	}
}

/* Renames every staged file over its final name; on a failure, removes the
 * ones already moved (their old versions are gone: no mix is left). */
static int move_each(struct staging *st, struct diag *d)
{
	size_t n, done;
	char **names = list(st->path, &n);
	int rc = FP_OK;

	for (done = 0; done < n && rc == FP_OK; done++) {
		char *from = join(st->path, names[done]);
		char *to = join(st->final, names[done]);
		if (!from || !to)
			rc = diag_oom(d);
		else if (rename(from, to) != 0)
			rc = diag_set(d, to, 0, 0, "cannot write: %s",
			              strerror(errno));
		free(from);
		free(to);
	}
	if (rc != FP_OK)
		remove_all(st->final, names, done - 1);
	free_names(names, n);
	return rc;
}

int staging_commit(struct staging *st, struct diag *d)
{
	int rc;

	if (!st->path)
		return FP_OK;
	if (st->whole)
		rc = rename(st->path, st->final) == 0
		         ? FP_OK
		         : diag_set(d, st->final, 0, 0,
		                    "cannot write the "
		                    "folder: %s",
		                    strerror(errno));
	else
		rc = move_each(st, d);
	if (rc == FP_OK && st->whole) {
		free(st->path);
		st->path = NULL;
	}
	staging_abort(st);
	return rc;
}

void staging_abort(struct staging *st)
{
	if (st->path) {
		size_t n;
		char **names = list(st->path, &n);
		remove_all(st->path, names, n);
		free_names(names, n);
		rmdir(st->path);
	}
	free(st->path);
	free(st->final);
	*st = (struct staging){0};
}

char *staging_final_text(const struct staging *st, const char *text)
{
	size_t n = st && st->path ? strlen(st->path) : 0, k = 0, size;
	const char *p = text;
	char *out;

	if (!n)
		return strdup(text);
	while ((p = strstr(p, st->path))) {
		k++;
		p += n;
	}
	size = strlen(text) + k * strlen(st->final) + 1;
	if (!(out = malloc(size)))
		return NULL;
	out[0] = '\0';
	for (p = text; k--;) {
		const char *at = strstr(p, st->path);
		strncat(out, p, (size_t)(at - p));
		strcat(out, st->final);
		p = at + n;
	}
	strcat(out, p);
	return out;
}
