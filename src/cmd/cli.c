#include "cmd/cli.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "formula/formula.h"
#include "util/cleanup.h"
#include "util/source.h"

int cli_number(const char *text, const char *what, double *out, struct diag *d)
{
	struct fx_src src = {
	    .file = CLI_SOURCE, .line = 1, .col = 1, .text = text};
	struct fx_env *env = fx_env_new();
	struct fx_prog *prog = NULL;
	struct fx_fault fault;
	int rc = FP_ERR;

	if (!env)
		return diag_oom(d);
	/* An empty environment: only constants and functions of them. */
	if (fx_compile(env, &src, &prog, d) != FP_OK) {
		diag_prefix(d, "%s", what);
		goto out;
	}
	if (fx_prog_shape(prog) != FX_SCALAR) {
		diag_set(d, CLI_SOURCE, 0, 0, "%s: '%s' is not one number",
		         what, text);
		goto out;
	}
	if (fx_eval(prog, env, out, &fault) != FP_OK) {
		if (fault.oom)
			diag_oom(d);
		else
			diag_set(d, CLI_SOURCE, fault.line, fault.col, "%s: %s",
			         what, fault.what);
		goto out;
	}
	rc = FP_OK;
out:
	fx_prog_free(prog);
	fx_env_free(env);
	return rc;
}

int cli_assignment(const char *arg, const char *what, char **name,
                   double *value, struct diag *d)
{
	const char *eq = strrchr(arg, '=');

	if (!eq || eq == arg)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s needs NAME=VALUE, got '%s'", what, arg);
	if (cli_number(eq + 1, what, value, d) != FP_OK)
		return FP_ERR;
	*name = strndup(arg, (size_t)(eq - arg));
	if (!*name)
		return diag_oom(d);
	return FP_OK;
}

bool cli_reserve(void *arrayp, size_t n, size_t size)
{
	void **array = arrayp;
	void *p = realloc(*array, (n + 1) * size);

	if (p)
		*array = p;
	return p != NULL;
}

int cli_add_assignment(char ***names, double **values, size_t *count,
                       const char *arg, const char *what, struct diag *d)
{
	char *name;
	double value;

	if (cli_assignment(arg, what, &name, &value, d) != FP_OK)
		return FP_ERR;
	if (!CLI_RESERVE(*names, *count) || !CLI_RESERVE(*values, *count)) {
		free(name);
		return diag_oom(d);
	}
	(*names)[*count] = name;
	(*values)[*count] = value;
	(*count)++;
	return FP_OK;
}

/* Copies text[0..len) into a NUL-terminated buffer for cli_number. */
static int range_part(const char *text, size_t len, const char *what,
                      double *out, struct diag *d)
{
	char *part = strndup(text, len);
	int rc;

	if (!part)
		return diag_oom(d);
	rc = cli_number(part, what, out, d);
	free(part);
	return rc;
}

int cli_range(const char *text, const char *what, double *lo, double *hi,
              double *step, struct diag *d)
{
	const char *c1 = strchr(text, ':');
	const char *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

	*step = 0;
	if (!c1)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s needs LO:HI or LO:HI:STEP, got '%s'", what,
		                text);
	if (range_part(text, (size_t)(c1 - text), what, lo, d) != FP_OK)
		return FP_ERR;
	if (range_part(c1 + 1, c2 ? (size_t)(c2 - c1 - 1) : strlen(c1 + 1),
	               what, hi, d) != FP_OK)
		return FP_ERR;
	if (c2 && range_part(c2 + 1, strlen(c2 + 1), what, step, d) != FP_OK)
		return FP_ERR;
	if (!(*lo < *hi))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s: LO must be below HI in '%s'", what, text);
	if (c2 && !(*step > 0))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s: STEP must be above 0 in '%s'", what, text);
	return FP_OK;
}

/* --md-limit N: a whole number of at least REPORT_MD_LIMIT_MIN (room for
 * the one-line record and more). */
static int md_limit(const char *arg, size_t *out, struct diag *d)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (!*arg || *end || !(*arg >= '0' && *arg <= '9') || errno ||
	    v > SIZE_MAX / 2)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "--md-limit needs a whole number of characters, "
		    "got '%s'",
		    arg);
	if (v < REPORT_MD_LIMIT_MIN)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--md-limit %s is below %d, too little for a "
		                "record's summary",
		                arg, REPORT_MD_LIMIT_MIN);
	*out = (size_t)v;
	return FP_OK;
}

/* --plot-timeout SECONDS: a number of at least 0 (0: no limit). */
static int plot_timeout(const char *arg, double *out, struct diag *d)
{
	if (cli_number(arg, "--plot-timeout", out, d) != FP_OK)
		return FP_ERR;
	if (!(*out >= 0 && *out <= 1e6))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--plot-timeout needs seconds from 0 (no "
		                "limit) to 1000000, got '%s'",
		                arg);
	if (*out == 0)
		*out = -2; /* given: no limit */
	return FP_OK;
}

int output_option(struct output_opts *o, enum opt_id id, const char *arg,
                  struct diag *d)
{
	switch (id) {
	case OPT_FORMAT:
		o->format_given = true;
		return report_format_parse(arg, &o->format, d);
	case OPT_OUTPUT:
		o->output = arg;
		if (!o->format_given)
			report_format_of_path(arg, &o->format);
		return FP_OK;
	case OPT_FORCE:
		o->force = true;
		return FP_OK;
	case OPT_PLOT_DIR:
		o->plot_dir = arg;
		return FP_OK;
	case OPT_PLOT_FORMAT:
		if (strcmp(arg, "svg") != 0 && strcmp(arg, "png") != 0)
			return diag_set(
			    d, CLI_SOURCE, 0, 0,
			    "--plot-format must be svg or png, got '%s'", arg);
		o->plot_format = arg;
		return FP_OK;
	case OPT_ASCII:
		o->ascii = true;
		return FP_OK;
	case OPT_PLOT_TIMEOUT:
		return plot_timeout(arg, &o->plot_timeout, d);
	case OPT_MD_LIMIT:
		return md_limit(arg, &o->md_limit, d);
	case OPT_ANNOTATIONS:
		o->annotations = true;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0,
		                "option %d is not an output option", (int)id);
	}
}

int output_check_record_form(const struct output_opts *o, const char *name,
                             struct diag *d)
{
	if (report_form_of(o->format)->sens)
		return FP_OK;
	if (o->format == FORMAT_GITHUB)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s cannot write github (only price can)",
		                name);
	if (!o->format_given)
		return diag_set(
		    d, CLI_SOURCE, 0, 0,
		    "-o %s: %s cannot write openmetrics (only price "
		    "can); give --format",
		    o->output, name);
	return diag_set(d, CLI_SOURCE, 0, 0,
	                "%s cannot write openmetrics (only price can)", name);
}

/* -o FILE must not replace an input (any the job read, by device and
 * inode: util/source.h), and is not written through a link unless
 * --force says so.  A device, a FIFO or a socket is written in place, as
 * it is (util/atomic_file.h). */
int output_check(const struct output_opts *o, struct diag *d)
{
	struct stat st, lst;
	const char *input;

	if (!o->output || strcmp(o->output, "-") == 0)
		return FP_OK;
	if (stat(o->output, &st) == 0 &&
	    (input = source_input_named(st.st_dev, st.st_ino)))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "-o %s would overwrite the input %s", o->output,
		                input);
	if (lstat(o->output, &lst) != 0 || o->force)
		return FP_OK;
	if (S_ISLNK(lst.st_mode))
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "-o %s is a symbolic link; use --force to "
		                "write where it points",
		                o->output);
	return diag_set(d, CLI_SOURCE, 0, 0,
	                "%s exists; use --force to replace it", o->output);
}

int output_open(struct output *out, const struct output_opts *o, struct diag *d)
{
	memset(out, 0, sizeof *out);
	if (!o->output || strcmp(o->output, "-") == 0) {
		out->fp = stdout;
		return FP_OK;
	}
	if (output_check(o, d) != FP_OK)
		return FP_ERR;
	/* No signal between making the temporary file and registering it. */
	cleanup_hold();
	if (atomic_file_open(&out->af, o->output, d) != FP_OK) {
		cleanup_release();
		return FP_ERR;
	}
	out->fp = out->af.fp;
	if (out->af.tmp)
		out->slot = cleanup_add(out->af.tmp, false) + 1;
	cleanup_release();
	return FP_OK;
}

int output_close(struct output *out, struct diag *d)
{
	if (out->fp == stdout) {
		out->fp = NULL;
		if (fflush(stdout) != 0 || ferror(stdout))
			return diag_set(d, NULL, 0, 0,
			                "cannot write to standard output");
		return FP_OK;
	}
	if (!out->fp)
		return FP_OK;
	out->fp = NULL;
	out->finished = true;
	return atomic_file_finish(&out->af, d);
}

int output_place(struct output *out, struct diag *d)
{
	int rc;

	if (!out->finished)
		return FP_OK;
	out->finished = false;
	rc = atomic_file_place(&out->af, d);
	if (out->slot > 0)
		cleanup_drop(out->slot - 1);
	out->slot = 0;
	return rc;
}

void output_abort(struct output *out)
{
	if ((out->fp && out->fp != stdout) || out->finished)
		atomic_file_abort(&out->af);
	if (out->slot > 0)
		cleanup_drop(out->slot - 1);
	out->slot = 0;
	out->finished = false;
	out->fp = NULL;
}

char *output_final_text(const struct output_opts *o, const char *text)
{
	char *once = staging_final_text(o->stages[0], text), *twice;

	if (!once)
		return NULL;
	twice = staging_final_text(o->stages[1], once);
	free(once);
	return twice;
}
