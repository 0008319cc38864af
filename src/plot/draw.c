#include "plot/draw.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#include "plot/escape_gp.h"
#include "plot/proc.h"
#include "util/atomic_file.h"
#include "util/numfmt.h"
#include "util/progress.h"

/* Data files larger than this (bytes) take gnuplot a second or more: a
 * line on a terminal says what is going on meanwhile. */
#define PLOT_SLOW_DATA (1u << 20)

/* The part of every script between its `about` comment and its setup. */
static const char script_head[] =
    "#\n"
    "# Draw:  gnuplot -d -c THIS.gp [svg|png|dumb] [OUTPUT]\n"
    "# (svg by default; the output goes next to this file, dumb prints text).\n"
    "# fixprice writes this file again when it draws the chart again: copy\n"
    "# it under another name to keep a restyled version.  All text that came\n"
    "# from users (titles, names) is read from the data file THIS.dat, as\n"
    "# strings; none is in this script, which is the same for every chart of\n"
    "# its kind.  Never pass those strings to eval or macro expansion.\n"
    "\n"
    "set encoding utf8\n"
    "term = ARGC >= 1 ? ARG1 : 'svg'\n"
    "base = ARG0[1:strlen(ARG0) - 3]\n"
    "# gnuplot reads a file name that starts with '<' or '|' as a command:\n"
    "# keep every name a path.\n"
    "if (base[1:1] ne '/' && base[1:1] ne '.') base = './' . base\n"
    "data = base . '.dat'\n"
    "out = ARGC >= 2 ? ARG2 : base . '.' . term\n"
    "textmode = term eq 'dumb'\n"
    "\n"
    "# Colours that survive grey-scale printing and colour blindness:\n"
    "# accept blue, reject red, gain green, cost orange.\n"
    "gain_color = '#1b7837'\n"
    "cost_color = '#d95f02'\n"
    "accept_color = '#2166ac'\n"
    "reject_color = '#b2182b'\n"
    "accept_fill = '#d1e5f0'\n"
    "reject_fill = '#fddbc7'\n"
    "ink = '#1a1a1a'\n"
    "grid_color = '#e0e0e0'\n"
    "\n";

/* Between setup (which sets w, h, tw, th) and the body. */
static const char script_terminal[] =
    "\n"
    "if (!exists('w') || !exists('h')) exit error 'cannot read ' . data\n"
    "# Fixed sizes and fonts, so the same data draws the same picture.\n"
    "if (term eq 'svg') {\n"
    "\tset terminal svg size w, h fixed font 'sans-serif,12' noenhanced background '#ffffff'\n"
    "} else { if (term eq 'png') {\n"
    "\tif (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
    "\t\tset terminal pngcairo size w, h font 'sans-serif,10' noenhanced background '#ffffff'\n"
    "\t} else {\n"
    "\t\tset terminal png size w, h font 'sans-serif,10' noenhanced background '#ffffff'\n"
    "\t}\n"
    "} else { if (textmode) {\n"
    "\tset terminal dumb size tw, th noenhanced\n"
    "} else {\n"
    "\texit error 'unknown terminal ' . term . ' (use svg, png or dumb)'\n"
    "}}}\n"
    "if (textmode && ARGC < 2) { set output } else { set output out }\n"
    "\n";

char *plot_script_text(const struct chart *c)
{
	const char *parts[] = {c->about, script_head, c->setup, script_terminal,
	                       c->body};
	size_t len = 0, at = 0;
	char *s;

	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++)
		len += strlen(parts[i]);
	s = malloc(len + 1);
	if (!s)
		return NULL;
	for (size_t i = 0; i < sizeof parts / sizeof *parts; i++) {
		size_t n = strlen(parts[i]);
		memcpy(s + at, parts[i], n);
		at += n;
	}
	s[at] = '\0';
	return s;
}

int plot_draw_mem(const struct plot_opts *o, const struct chart *c, FILE *f,
                  char **buf, size_t *len, struct plot_result *out,
                  struct diag *d)
{
	int bad = ferror(f);
	int rc;

	if (fclose(f) != 0 || bad) {
		free(*buf);
		*buf = NULL;
		return diag_oom(d);
	}
	rc = plot_draw(o, c, *buf, *len, out, d);
	free(*buf);
	*buf = NULL;
	return rc;
}

/* -- files ---------------------------------------------------------------- */

static char *join_path(const char *dir, const char *name, const char *ext)
{
	size_t dl = strlen(dir);
	bool slash = dl > 0 && dir[dl - 1] == '/';
	size_t len = dl + 1 + strlen(name) + strlen(ext) + 1;
	char *p = malloc(len);

	if (p)
		snprintf(p, len, "%s%s%s%s", dir, slash ? "" : "/", name, ext);
	return p;
}

/* The path as gnuplot must get it: "./" before a relative path, so that
 * no name is read as "<command" or "|command". */
static char *gnuplot_path(const char *path)
{
	size_t len = strlen(path) + 3;
	char *p = malloc(len);

	if (p)
		snprintf(p, len, "%s%s",
		         path[0] == '/' || path[0] == '.' ? "" : "./", path);
	return p;
}

/* Writes buf to path through a temporary file renamed into place. */
static int write_atomic(const char *path, const char *buf, size_t len,
                        struct diag *d)
{
	struct atomic_file af;

	if (atomic_file_open(&af, path, d) != FP_OK)
		return FP_ERR;
	if (fwrite(buf, 1, len, af.fp) != len) {
		int err = errno;
		atomic_file_abort(&af);
		return diag_set(d, path, 0, 0, "cannot write: %s",
		                strerror(err));
	}
	return atomic_file_commit(&af, d);
}

static int ensure_dir(const char *dir, struct diag *d)
{
	struct stat st;

	if (stat(dir, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return FP_OK;
		return diag_set(d, dir, 0, 0, "not a folder");
	}
	if (mkdir(dir, 0777) != 0 && errno != EEXIST)
		return diag_set(d, dir, 0, 0, "cannot create the folder: %s",
		                strerror(errno));
	return FP_OK;
}

/* -- options and the note ------------------------------------------------- */

static int check_opts(const struct plot_opts *o, const struct chart *c,
                      const char **name, const char **format, struct diag *d)
{
	if (!o || !o->dir || !*o->dir)
		return diag_set(d, NULL, 0, 0, "%s chart: no folder given",
		                c->kind);
	*name = o->name ? o->name : c->kind;
	if (!**name || **name == '.' || **name == '-' ||
	    strspn(*name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	                  "0123456789._-") != strlen(*name))
		return diag_set(
		    d, NULL, 0, 0,
		    "plot name '%s' must start with a letter or digit "
		    "and hold only letters, digits, '.', '_' and '-'",
		    *name);
	*format = o->format ? o->format : "svg";
	if (strcmp(*format, "svg") != 0 && strcmp(*format, "png") != 0)
		return diag_set(d, NULL, 0, 0,
		                "unknown plot format '%s' (use svg or png)",
		                *format);
	return FP_OK;
}

/* s quoted for a POSIX shell when it holds anything but safe characters. */
static char *shell_word(const char *s)
{
	const char *safe =
	    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "0123456789._-/+:,=%@";
	size_t len = 3;
	char *q, *p;

	if (*s && strspn(s, safe) == strlen(s))
		return strdup(s);
	for (const char *c = s; *c; c++)
		len += *c == '\'' ? 4 : 1;
	q = p = malloc(len);
	if (!q)
		return NULL;
	*p++ = '\'';
	for (const char *c = s; *c; c++) {
		if (*c == '\'') {
			memcpy(p, "'\\''", 4);
			p += 4;
		} else {
			*p++ = *c;
		}
	}
	*p++ = '\'';
	*p = '\0';
	return q;
}

static char *not_found_note(const struct plot_opts *o, const char *script,
                            const char *format)
{
	const char *want = o->gnuplot && *o->gnuplot ? o->gnuplot : NULL;
	char *word = shell_word(script);
	char *note;
	size_t len;

	if (!word)
		return NULL;
	len = strlen(word) + (want ? strlen(want) : 0) + 96;
	note = malloc(len);
	if (note)
		snprintf(note, len,
		         "gnuplot not found%s%s%s; draw with: "
		         "gnuplot -d -c %s%s",
		         want ? " (" : "", want ? want : "", want ? ")" : "",
		         word, strcmp(format, "svg") == 0 ? "" : " png");
	free(word);
	return note;
}

/* -- running gnuplot ------------------------------------------------------ */

/* Fills d from gnuplot's error output: its last message names the script
 * line ("NAME.gp" line 12: undefined variable: x). */
static int gnuplot_failed(const char *script, const struct proc_output *po,
                          struct diag *d)
{
	const char *err = po->err, *last = NULL, *p;
	size_t len = 0;
	int line = 0;

	for (p = err; *p;) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		size_t k = 0;
		while (k < n && (p[k] == ' ' || p[k] == '\t'))
			k++;
		if (k < n) {
			last = p + k;
			len = n - k;
		}
		p += n + (end ? 1 : 0);
	}
	if (!last)
		return diag_set(d, script, 0, 0,
		                "gnuplot failed (exit status %d)", po->status);
	/* "file" line N: message */
	p = last[0] == '"' ? memchr(last + 1, '"', len - 1) : NULL;
	if (p && strncmp(p, "\" line ", 7) == 0) {
		char *end;
		long n = strtol(p + 7, &end, 10);
		if (end[0] == ':' && end[1] == ' ' && n > 0 && n < 1000000) {
			line = (int)n;
			len -= (size_t)(end + 2 - last);
			last = end + 2;
		}
	}
	while (len > 0 && (last[len - 1] == '\r' || last[len - 1] == ' '))
		len--;
	return diag_set(d, script, line, 0, "gnuplot: %.*s", (int)len, last);
}

/* Drops form feeds, trailing blanks on each line and empty lines at both
 * ends of the dumb terminal's page. */
static char *clean_text(const char *s)
{
	size_t len = strlen(s), at = 0, keep = 0;
	char *t = malloc(len + 2);

	if (!t)
		return NULL;
	for (const char *p = s; *p;) {
		const char *end = strchr(p, '\n');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		const char *q = p;
		while (n > 0 && *q == '\f')
			q++, n--;
		while (n > 0 && (q[n - 1] == ' ' || q[n - 1] == '\r'))
			n--;
		if (n > 0 || at > 0) {
			memcpy(t + at, q, n);
			at += n;
			t[at++] = '\n';
			if (n > 0)
				keep = at;
		}
		p = end ? end + 1 : p + strlen(p);
	}
	t[keep] = '\0';
	return t;
}

static int run_gnuplot(const char *gp, double timeout, const char *script_arg,
                       const char *term, const char *output,
                       struct proc_output *po, const char *script,
                       struct diag *d)
{
	const char *argv[] = {gp, "-d", "-c", script_arg, term, output, NULL};

	if (proc_capture(argv, timeout, po, d) != FP_OK)
		return FP_ERR;
	if (po->status != 0) {
		gnuplot_failed(script, po, d);
		proc_output_free(po);
		return FP_ERR;
	}
	return FP_OK;
}

/* The picture gnuplot wrote is whole: gnuplot may exit 0 after a failed
 * write (a full disk).  An SVG must parse as XML with an <svg> root
 * (libxml2, no network, no entities); a PNG must start with its
 * signature and end with its IEND chunk. */
static bool picture_whole(const char *path, const char *format)
{
	static const unsigned char sig[8] = {0x89, 'P',  'N',  'G',
	                                     '\r', '\n', 0x1a, '\n'};
	static const unsigned char iend[12] = {
	    0, 0, 0, 0, 'I', 'E', 'N', 'D', 0xae, 0x42, 0x60, 0x82};
	unsigned char head[8], tail[12];
	bool ok = false;
	FILE *f;

	if (strcmp(format, "svg") == 0) {
		xmlDocPtr doc = xmlReadFile(
		    path, NULL,
		    XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
		xmlNodePtr root = doc ? xmlDocGetRootElement(doc) : NULL;
		ok = root && xmlStrcmp(root->name, BAD_CAST "svg") == 0;
		xmlFreeDoc(doc);
		return ok;
	}
	if (!(f = fopen(path, "rb")))
		return false;
	ok = fread(head, 1, 8, f) == 8 && memcmp(head, sig, 8) == 0 &&
	     fseek(f, -12, SEEK_END) == 0 && fread(tail, 1, 12, f) == 12 &&
	     memcmp(tail, iend, 12) == 0;
	fclose(f);
	return ok;
}

static int draw_image(const char *gp, double timeout, const char *script,
                      const char *file, const char *format, struct diag *d)
{
	struct proc_output po;
	struct atomic_file af = {0};
	struct stat st;
	char *script_arg = gnuplot_path(script), *tmp_arg = NULL;
	int rc = FP_ERR;

	if (!script_arg) {
		diag_oom(d);
		goto out;
	}
	/* gnuplot draws into the temporary file by name; committing it
	 * syncs and renames what gnuplot wrote. */
	if (atomic_file_open(&af, file, d) != FP_OK)
		goto out;
	tmp_arg = gnuplot_path(af.tmp);
	if (!tmp_arg) {
		diag_oom(d);
		goto out;
	}
	if (run_gnuplot(gp, timeout, script_arg, format, tmp_arg, &po, script,
	                d) != 0)
		goto out;
	proc_output_free(&po);
	if (stat(af.tmp, &st) != 0 || st.st_size == 0) {
		diag_set(d, script, 0, 0, "gnuplot drew nothing into %s", file);
		goto out;
	}
	if (!picture_whole(af.tmp, format)) {
		diag_set(d, script, 0, 0,
		         "gnuplot wrote an incomplete %s into %s (a full "
		         "disk?)",
		         format, file);
		goto out;
	}
	rc = atomic_file_commit(&af, d);
out:
	if (rc != FP_OK)
		atomic_file_abort(&af);
	free(tmp_arg);
	free(script_arg);
	return rc;
}

static int draw_text(const char *gp, double timeout, const char *script,
                     char **text, struct diag *d)
{
	struct proc_output po;
	char *script_arg = gnuplot_path(script);
	int rc;

	if (!script_arg)
		return diag_oom(d);
	rc = run_gnuplot(gp, timeout, script_arg, "dumb", NULL, &po, script, d);
	free(script_arg);
	if (rc != FP_OK)
		return FP_ERR;
	*text = clean_text(po.out);
	proc_output_free(&po);
	if (!*text)
		return diag_oom(d);
	return FP_OK;
}

/* -- the public entry points ---------------------------------------------- */

char *plot_find_gnuplot(const char *gnuplot)
{
	const char *want = gnuplot;

	if (!want || !*want)
		want = getenv("GNUPLOT");
	if (!want || !*want)
		want = "gnuplot";
	return proc_find_program(want);
}

void plot_result_free(struct plot_result *r)
{
	if (!r)
		return;
	free(r->script);
	free(r->data);
	free(r->file);
	free(r->ascii);
	free(r->note);
	memset(r, 0, sizeof *r);
}

int plot_draw(const struct plot_opts *o, const struct chart *c,
              const char *data, size_t datalen, struct plot_result *out,
              struct diag *d)
{
	const char *name = NULL, *format = NULL;
	char *text = NULL, *gp = NULL;
	struct progress pg;
	int rc = FP_ERR;

	memset(out, 0, sizeof *out);
	if (check_opts(o, c, &name, &format, d) != FP_OK)
		return FP_ERR;
	if (ensure_dir(o->dir, d) != FP_OK)
		return FP_ERR;
	out->script = join_path(o->dir, name, ".gp");
	out->data = join_path(o->dir, name, ".dat");
	out->file = join_path(o->dir, name,
	                      strcmp(format, "svg") == 0 ? ".svg" : ".png");
	text = plot_script_text(c);
	if (!out->script || !out->data || !out->file || !text) {
		diag_oom(d);
		goto out;
	}
	if (write_atomic(out->script, text, strlen(text), d) != FP_OK ||
	    write_atomic(out->data, data, datalen, d) != FP_OK)
		goto out;
	gp = plot_find_gnuplot(o->gnuplot);
	if (!gp) {
		out->note = not_found_note(o, out->script, format);
		if (!out->note) {
			diag_oom(d);
			goto out;
		}
		rc = FP_OK;
		goto out;
	}
	progress_start(&pg, "gnuplot is drawing a large chart...", 0, 1);
	if (datalen > PLOT_SLOW_DATA)
		progress_show(&pg);
	rc = draw_image(gp, o->timeout, out->script, out->file, format, d);
	progress_done(&pg);
	if (rc != FP_OK)
		goto out;
	rc = FP_ERR;
	out->drawn = true;
	if (o->ascii &&
	    draw_text(gp, o->timeout, out->script, &out->ascii, d) != FP_OK)
		goto out;
	rc = FP_OK;
out:
	free(text);
	free(gp);
	if (rc != FP_OK)
		plot_result_free(out);
	return rc;
}
