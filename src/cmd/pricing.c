/* pricing.c: the frame of every pricing command (price, breakeven, sweep,
 * tornado, map): load the inputs, price them once, let the command analyse,
 * write and plot, then commit.  The only place that loads and prices.
 *
 * All or nothing: folders (a record, plots) are written aside and -o FILE
 * under a temporary name; only when everything, standard output included,
 * was written and checked (no output over an input or inside another, no
 * existing name without --force, under a lock on each output's folder)
 * are they moved into place, each in one step, together (commit).  A
 * failure anywhere, a refusal or a full disk, leaves what was there
 * before. */
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cmd/command.h"
#include "sens/sensitivity.h"
#include "util/cleanup.h"
#include "util/reap.h"
#include "util/writelock.h"

const struct opt_group *const pricing_groups[] = {
    &job_group, &run_group, &sens_output_group, &plot_group, NULL,
};

/* Loads, prices once, and opens the analysis on the price. */
static int load(const struct cmd_call *call, struct priced *pr, struct diag *d)
{
	struct job_opts jo = call->job;

	jo.policy = call->noise.policy;
	/* --ascii renders the plots drawn into --plot-dir (price: also into
	 * its record folder, checked by price): alone it would do nothing. */
	if (!call->cmd->pricing->plots_in_record && call->out.ascii &&
	    !call->out.plot_dir)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "--ascii needs --plot-dir DIR: it adds a text "
		                "rendering of the plots drawn there");
	/* compare checks its own forms (its setup). */
	if ((!call->cmd->pricing->own_forms &&
	     output_check_record_form(&call->out, call->cmd->name, d) !=
	         FP_OK) ||
	    job_load(&jo, call->args, call->nargs, &pr->job, d) != FP_OK ||
	    session_open(pr->job.metric, &pr->job.runs, pr->job.scenario,
	                 &pr->session, d) != FP_OK)
		return FP_ERR;
	if (price_compute(pr->session, &pr->price, d) != FP_OK)
		return FP_ERR;
	if (!call->cmd->pricing->analysis)
		return FP_OK;
	return sens_open(&pr->sens, pr->session, pr->price, d);
}

/* Standard output, written by the steps, must have reached its file
 * before anything is committed. */
static int stdout_written(struct diag *d)
{
	if (fflush(stdout) != 0 || ferror(stdout))
		return diag_set(d, NULL, 0, 0,
		                "cannot write to standard output");
	return FP_OK;
}

/* a and b name the same folder: by device and inode when both exist, by
 * name when neither does. */
static bool same_folder(const char *a, const char *b)
{
	struct stat sa, sb;
	bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;

	if (ea && eb)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	return !ea && !eb && strcmp(a, b) == 0;
}

/* path's folder ("." when it names none); caller frees. */
static char *folder_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		return strdup(".");
	return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* outer holds (or is) inner's place: one output would be inside another
 * (--record rec --plot-dir rec, -o rec/x.md). */
static int inside(const char *inner, const char *what,
                  const struct staging *outer, struct diag *d)
{
	char *up = folder_of(inner);
	int rc = FP_OK;

	if (!up)
		return diag_oom(d);
	if (same_folder(up, outer->place) || same_folder(inner, outer->place))
		rc = diag_set(d, CLI_SOURCE, 0, 0,
		              "%s %s is inside the folder %s that this "
		              "command writes too",
		              what, inner, outer->final);
	free(up);
	return rc;
}

/* Before anything is written where the user sees it: every output apart
 * from every other, each output's folder locked (util/writelock.h, held
 * to the commit) and what it holds checked against all the command
 * wrote (staging_check). */
static int prepare(const struct cmd_call *call, struct priced *pr,
                   struct diag *d)
{
	struct staging *st[2] = {&pr->plot_stage, &pr->record_stage};
	const char *o = call->out.output;

	if (o && strcmp(o, "-") == 0)
		o = NULL;
	if (st[0]->path && st[1]->path &&
	    (inside(st[0]->place, "--plot-dir", st[1], d) != FP_OK ||
	     inside(st[1]->place, "--record", st[0], d) != FP_OK))
		return FP_ERR;
	/* Locked, the folder's staging folders of dead runs are reaped; a
	 * folder of other files moves the output into its STAGING_SUB, whose
	 * folder is locked too. */
	for (int k = 0; k < 2; k++)
		if (st[k]->path &&
		    ((o && inside(o, "-o", st[k], d) != FP_OK) ||
		     writelock_parent(st[k]->place, d) != FP_OK ||
		     staging_reap(st[k]) < 0 ||
		     staging_check(st[k], call->out.force, d) != FP_OK ||
		     writelock_parent(st[k]->place, d) != FP_OK))
			return FP_ERR;
	if (o && writelock_parent(o, d) != FP_OK)
		return FP_ERR;
	/* -o's temporary files left by killed runs (util/reap.h). */
	if (o)
		reap_beside(o);
	return FP_OK;
}

/* What is left after a commit that stands (an old folder that could not
 * be removed) is a warning; under --check, the exit status says it too. */
static void warn(const struct diag *w, struct priced *pr, int *status)
{
	fputs("fixprice: warning: ", stderr);
	diag_print(w, stderr);
	if (pr->check && *status == EXIT_OK)
		*status = EXIT_USAGE;
}

/* The folders and -o FILE together, once all was written and checked:
 * each folder in one step, -o FILE last; a failure takes back the steps
 * done, so that what was there before is left as it was.  A signal waits
 * for the end (util/cleanup.h). */
static int commit(struct priced *pr, bool force, struct output *out,
                  int *status, struct diag *d)
{
	struct diag w;

	struct staging *st[2] = {&pr->plot_stage, &pr->record_stage};
	int k = 0, rc = FP_ERR;

	/* Again, with all written: sweep, tornado and map draw after
	 * writing standard output. */
	for (int j = 0; j < 2; j++)
		if (staging_check(st[j], force, d) != FP_OK)
			return FP_ERR;
	cleanup_hold();
	while (k < 2 && staging_place(st[k], d) == FP_OK)
		k++;
	if (k == 2) {
		cleanup_test_delay();
		rc = output_place(out, d);
	}
	while (rc != FP_OK && k > 0)
		staging_unplace(st[--k]);
	if (rc == FP_OK)
		for (k = 0; k < 2; k++)
			if (staging_done(st[k], &w) != FP_OK)
				warn(&w, pr, status);
	cleanup_release();
	return rc;
}

/* The commands' steps see the staging folder as --plot-dir. */
static int run_steps(const struct cmd_call *call, struct priced *pr,
                     int *status, struct diag *d)
{
	const struct pricing *p = call->cmd->pricing;
	struct cmd_call staged = *call;
	struct output out = {0};
	int rc = FP_ERR;

	staged.out.stages[0] = &pr->plot_stage;
	staged.out.stages[1] = &pr->record_stage;
	if (call->out.plot_dir) {
		if (staging_open(&pr->plot_stage, call->out.plot_dir, d) !=
		    FP_OK)
			return FP_ERR;
		staged.out.plot_dir = pr->plot_stage.path;
	}
	if (p->analyse(call->own, pr, &staged, d) != FP_OK ||
	    prepare(call, pr, d) != FP_OK ||
	    output_open(&out, &call->out, d) != FP_OK ||
	    p->write(call->own, pr, &staged, out.fp, d) != FP_OK ||
	    (p->after &&
	     p->after(call->own, pr, &staged, status, d) != FP_OK) ||
	    output_close(&out, d) != FP_OK || stdout_written(d) != FP_OK)
		goto out;
	rc = commit(pr, call->out.force, &out, status, d);
out:
	output_abort(&out);
	writelock_release_all();
	return rc;
}

/* An error found in a staging folder names the folder the user gave. */
static void name_final(const struct priced *pr, struct diag *d)
{
	struct output_opts o = {.stages = {&pr->plot_stage, &pr->record_stage}};
	char *file = output_final_text(&o, d->file);
	char *msg = output_final_text(&o, d->msg);

	if (file)
		snprintf(d->file, sizeof d->file, "%s", file);
	if (msg)
		snprintf(d->msg, sizeof d->msg, "%s", msg);
	free(file);
	free(msg);
}

int pricing_run(const struct cmd_call *given, struct diag *d)
{
	int (*setup)(void *, struct cmd_call *, struct diag *) =
	    given->cmd->pricing->setup;
	struct cmd_call c = *given, *call = &c;
	struct priced pr = {0};
	int status = EXIT_OK, rc = FP_ERR;

	if ((!setup || setup(call->own, call, d) == FP_OK) &&
	    load(call, &pr, d) == FP_OK &&
	    run_steps(call, &pr, &status, d) == FP_OK)
		rc = status;
	else
		name_final(&pr, d);
	staging_abort(&pr.plot_stage);
	staging_abort(&pr.record_stage);
	sens_close(&pr.sens);
	price_free(pr.price);
	session_close(pr.session);
	job_free(&pr.job);
	return rc;
}
