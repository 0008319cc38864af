/* load.c: everything a pricing needs, loaded and frozen (load.h). */
#include "price/load.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "run/context.h"
#include "run/load.h"
#include "run/select.h"
#include "run/unique.h"
#include "run/junit_merge.h"
#include "price/candidate.h"
#include "price/gate.h"
#include "price/load_check.h"
#include "price/param.h"
#include "price/sides.h"

/* What is being loaded, before it is frozen into the job. */
struct loading {
	const struct load_request *rq;
	struct job *job;
	struct metric *metric;
	struct scenario *scenario;
	bool *renamed;            /* per column rename: some run had its FROM */
	struct run_select select; /* --cases, --exclude */
	/* The positional runs: rq->ninputs, or 1 when the second input was
	 * a scenario (after_or_scenario); and the after run already read
	 * from it, or NULL. */
	size_t ninputs;
	struct run *after;
	struct side_rounds rounds[2]; /* each side's labels (sides.h) */
	/* Before's cases' rows in after from check_before: the join's
	 * first guess (nguess rows), or NULL. */
	size_t *guess, nguess;
};

/* Names an input in the record, with the hash of the very bytes that
 * were parsed (each input is read once, so a pipe or standard input has
 * its hash too). */
static void add_input(struct job *job, const char *role, const char *path,
                      const char *sha256)
{
	struct record_input *in = &job->inputs[job->ninputs++];

	in->role = role;
	in->path = path;
	memcpy(in->sha256, sha256, sizeof in->sha256);
}

/* A metric or scenario parameter, by name (metric first). */
static int set_param(struct loading *l, const char *name, double value,
                     struct diag *d)
{
	const struct scenario *s = l->scenario;

	if (metric_find_param(l->metric, name))
		return metric_set_param(l->metric, name, value, d);
	for (size_t i = 0; s && i < s->nparams; i++)
		if (strcmp(s->params[i].name, name) == 0)
			return scenario_set_param(l->scenario, name, value, d);
	return param_unknown(l->metric->params, l->metric->nparams,
	                     s ? s->params : NULL, s ? s->nparams : 0, name, "",
	                     d);
}

/* --time cpu on a run whose format records no cpu time is a mistake. */
static int check_time(const struct load_request *rq, const struct run *r,
                      struct diag *d)
{
	if (!rq->cpu_time || strcmp(r->format, "gbench") == 0 ||
	    strcmp(r->format, "gbench-csv") == 0)
		return FP_OK;
	return diag_set(d, rq->origin, 0, 0,
	                "--time cpu: %s is %s, which records no cpu time (only "
	                "Google Benchmark's JSON and CSV do)",
	                r->path, r->format);
}

/* Merges the JUnit report of side s (--results) into run r. */
static int merge_results(struct loading *l, int s, struct run *r, bool listed,
                         struct diag *d)
{
	const char *path = l->rq->results[s];
	struct junit_report *rep = NULL;
	struct junit_merged got;
	int rc;

	if (!path)
		return FP_OK;
	if (junit_load(path, &rep, d) != FP_OK)
		return FP_ERR;
	if (!listed)
		add_input(l->job, s ? "results after" : "results before", path,
		          rep->sha256);
	rc = junit_merge(r, rep, true, &got, d);
	if (rc == FP_OK && got.matched == 0)
		rc = diag_set(
		    d, path, 0, 0,
		    "no test in the report matches a case "
		    "of %s (tests are matched by name: CLASSNAME.NAME, "
		    "pytest's node id, or NAME alone)",
		    r->path);
	junit_free(rep);
	return rc;
}

static struct run_opts run_opts_of(const struct load_request *rq)
{
	return (struct run_opts){.format = rq->input_format,
	                         .cpu_time = rq->cpu_time,
	                         .estimator = rq->estimator,
	                         .policy = rq->policy,
	                         .split_by = rq->split_by};
}

/* A run read (or made) for side s (0 before, 1 after; a one-run input is
 * side 0): named in the record as role, checked, the column renames whose
 * FROM it has applied (a before run may name a column differently from an
 * after run), its report merged, its cases chosen, its facts kept. */
static int prepare_run(struct loading *l, int s, const char *role,
                       const char *path, struct run **out, bool listed,
                       struct diag *d)
{
	const struct load_request *rq = l->rq;
	struct run_facts *f = &l->job->facts;

	/* The runs of one file's run column are one input. */
	if (!listed)
		add_input(l->job, role, path, (*out)->sha256);
	if (check_time(rq, *out, d) != FP_OK)
		return FP_ERR;
	f->estimator[s] = (*out)->estimator;
	for (size_t i = 0; i < rq->ncolumns; i++) {
		const char *to = rq->column_to[i], *from = rq->column_from[i];
		if (!run_find(*out, from))
			continue;
		if (run_replace(*out, to, from, d) != FP_OK)
			return FP_ERR;
		l->renamed[i] = true;
		if (strcmp(to, "runtime") == 0 &&
		    strcmp(from, "runtime") != 0) {
			free(f->runtime_from[s]);
			if (!(f->runtime_from[s] = strdup(from)))
				return diag_oom(d);
		}
	}
	if (merge_results(l, s, *out, listed, d) != FP_OK ||
	    run_select(*out, &l->select, d) != FP_OK)
		return FP_ERR;
	/* With --missing fail, the other run's chosen cases may fill it. */
	if ((*out)->n == 0 &&
	    !(rq->missing == MISSING_FAIL &&
	      (l->ninputs == 2 || rq->split_by || rq->nruns[0])))
		return diag_set(d, rq->origin, 0, 0,
		                "--cases and --exclude leave no case of %s",
		                path);
	return facts_run(f, s, *out, path, rq->results[s], d);
}

/* The runs in[0..k) of side s read from path[0..k) (taken over): each
 * file's run, or the runs of its run or round column, prepared in turn
 * and merged into one (run/merge.h). */
static int make_side(struct loading *l, int s, const char *role,
                     const char *const *path, struct run **in, size_t k,
                     struct run **out, struct diag *d)
{
	struct run_facts *f = &l->job->facts;
	struct side_runs sr;
	int rc = sides_unchain(in, path, k, s, &sr, d);

	for (size_t j = 0; rc == FP_OK && j < sr.n; j++)
		rc = prepare_run(l, s, role, sr.path[j], &sr.r[j],
		                 j > 0 && sr.path[j] == sr.path[j - 1], d);
	sides_labels(&sr, &l->rounds[s]);
	if (rc == FP_OK && sr.n > 1) {
		rc = run_merge(sr.r, sr.n, l->rq->estimator, l->rq->policy,
		               &f->run_samples_lo[s], &f->run_samples_hi[s], d);
		f->nruns[s] = sr.n;
		f->path[s] = sr.path[0];
		f->estimator[s] = sr.r[0]->estimator;
		sr.r[0]->rounds =
		    l->rounds[s].by && strcmp(l->rounds[s].by, "round") == 0;
		f->rounds[s] = sr.r[0]->rounds;
	}
	if (rc != FP_OK) {
		sides_free(&sr);
		return FP_ERR;
	}
	*out = sr.r[0];
	return FP_OK;
}

/* Reads the run of side s and prepares it (make_side). */
static int load_run(struct loading *l, int s, const char *role,
                    const char *path, struct run **out, struct diag *d)
{
	const struct run_opts ropts = run_opts_of(l->rq);
	struct run *r = NULL;

	if (run_load(path, &ropts, &r, d) != FP_OK)
		return FP_ERR;
	return make_side(l, s, role, &path, &r, 1, out, d);
}

/* --split-by: both runs from the one input; the split key is no context
 * that differs (it is the split), and the record names its values. */
static int load_split(struct loading *l, const char *path, struct run **before,
                      struct run **after, struct diag *d)
{
	const struct run_opts ropts = run_opts_of(l->rq);
	struct run_facts *f = &l->job->facts;
	const char *key = l->rq->split_by;

	if (run_load_split(path, &ropts, before, after, d) != FP_OK)
		return FP_ERR;
	f->split_by = key;
	if (!(f->split_value[0] = strdup(run_context_get(*before, key))) ||
	    !(f->split_value[1] = strdup(run_context_get(*after, key))))
		return diag_oom(d);
	if (prepare_run(l, 0, "before", path, before, false, d) != FP_OK)
		return FP_ERR;
	return prepare_run(l, 1, "after", path, after, false, d);
}

/* One run read on a thread of its own. */
struct reading {
	const char *path;
	struct run_opts opts;
	struct run *run;
	struct diag d;
	int rc;
};

static void *read_run(void *arg)
{
	struct reading *r = arg;

	r->rc = run_load(r->path, &r->opts, &r->run, &r->d);
	return NULL;
}

static bool regular_file(const char *path)
{
	struct stat st;

	return strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	       S_ISREG(st.st_mode);
}

/* The before run's names, checked against the after run's if it was
 * read (run/unique.h): an error is before's, as if it were read alone. */
static void check_before(struct loading *l, struct reading r[2])
{
	const struct run *other = r[1].rc == FP_OK ? r[1].run : NULL;

	if (r[0].rc != FP_OK || !r[0].run->names_unchecked)
		return;
	l->nguess = r[0].run->n;
	if (run_check_unique(r[0].run, other, &l->guess, &r[0].d) == FP_OK)
		return;
	run_free(r[0].run);
	r[0].run = NULL;
	r[0].rc = FP_ERR;
}

/* The two runs, read at once on two threads when both are regular files
 * (a pipe or standard input is read in turn, as given), then prepared in
 * order: what one after the other would give, errors included. */
static int load_both(struct loading *l, const char *const *in,
                     struct run **before, struct run **after, struct diag *d)
{
	struct reading r[2] = {{.path = in[0], .opts = run_opts_of(l->rq)},
	                       {.path = in[1], .opts = run_opts_of(l->rq)}};
	pthread_t t;
	bool two;

	if (l->after) { /* read already (take_candidate) */
		struct run *pre = l->after;

		l->after = NULL;
		return load_run(l, 0, "before", in[0], before, d) != FP_OK ||
		               make_side(l, 1, "after", &in[1], &pre, 1, after,
		                         d) != FP_OK
		           ? FP_ERR
		           : FP_OK;
	}
	r[0].opts.names_later = true; /* check_before */
	two = regular_file(in[0]) && regular_file(in[1]) &&
	      pthread_create(&t, NULL, read_run, &r[1]) == 0;

	if (!two)
		return load_run(l, 0, "before", in[0], before, d) != FP_OK ||
		               load_run(l, 1, "after", in[1], after, d) != FP_OK
		           ? FP_ERR
		           : FP_OK;
	read_run(&r[0]);
	pthread_join(t, NULL);
	check_before(l, r);
	if (r[0].rc != FP_OK || make_side(l, 0, "before", &in[0], &r[0].run, 1,
	                                  before, d) != FP_OK) {
		run_free(r[1].run);
		if (r[0].rc != FP_OK)
			*d = r[0].d;
		return FP_ERR;
	}
	if (r[1].rc != FP_OK) {
		*d = r[1].d;
		return FP_ERR;
	}
	return make_side(l, 1, "after", &in[1], &r[1].run, 1, after, d);
}

/* The runs of side s given by --before or --after, read in turn and
 * made one (make_side). */
static int load_side(struct loading *l, int s, struct run **out, struct diag *d)
{
	const struct load_request *rq = l->rq;
	const struct run_opts ropts = run_opts_of(rq);
	struct run *r[RUN_MAX_MERGED] = {0};
	size_t k = rq->nruns[s];
	int rc = sides_distinct(rq, s, NULL, d);

	for (size_t j = 0; rc == FP_OK && j < k; j++)
		rc = run_load(rq->runs[s][j], &ropts, &r[j], d);
	if (rc == FP_OK && sides_distinct(rq, s, r, d) == FP_OK)
		return make_side(l, s, s ? "after" : "before", rq->runs[s], r,
		                 k, out, d);
	for (size_t j = 0; j < k; j++)
		run_free(r[j]);
	return FP_ERR;
}

/* compare's candidate (after_or_scenario), read once: a scenario, or
 * the after run kept for load_both. */
static int take_candidate(struct loading *l, struct diag *d)
{
	const struct run_opts ropts = run_opts_of(l->rq);
	const char *path = l->rq->inputs[1];

	if (candidate_read(path, &ropts, &l->scenario, &l->after, d) != FP_OK)
		return FP_ERR;
	if (l->scenario) {
		add_input(l->job, "scenario", path, l->scenario->sha256);
		l->ninputs = 1;
	}
	return FP_OK;
}

static int load_scenario(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;
	bool shorthand = rq->have_factor || rq->npass || rq->nfail;

	/* With --scenario too the candidate is a run: two runs and a
	 * scenario are refused in load_runs. */
	if (rq->after_or_scenario && rq->ninputs == 2 && !rq->scenario &&
	    take_candidate(l, d) != FP_OK)
		return FP_ERR;
	if (!l->scenario && rq->scenario) {
		if (scenario_load(rq->scenario, &l->scenario, d) != FP_OK)
			return FP_ERR;
		add_input(l->job, "scenario", rq->scenario,
		          l->scenario->sha256);
	} else if (!l->scenario && shorthand) {
		if (!(l->scenario = scenario_new()))
			return diag_oom(d);
	} else if (!l->scenario) {
		return FP_OK;
	}
	if (rq->have_factor && scenario_set_runtime_factor(
	                           l->scenario, rq->runtime_factor, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < rq->npass; i++)
		if (scenario_add_glob(l->scenario, 1, rq->pass[i], d) != FP_OK)
			return FP_ERR;
	for (size_t i = 0; i < rq->nfail; i++)
		if (scenario_add_glob(l->scenario, 0, rq->fail[i], d) != FP_OK)
			return FP_ERR;
	return gate_check_scenario(l->metric, l->scenario, rq->origin,
	                           rq->npass, rq->nfail, d);
}

/* Both runs read: context facts, missing cases, the join. */
static int join_two(struct loading *l, struct run *before, struct run *after,
                    struct joined *runs, struct diag *d)
{
	struct run_facts *f = &l->job->facts;
	enum load_missing mode = l->rq->missing;

	int rc = sides_check_rounds(l->rounds, d);

	if (rc == FP_OK)
		rc = facts_context(f, before, after, d);
	if (rc == FP_OK && f->split_by)
		facts_drop_key(f, f->split_by);
	if (rc == FP_OK)
		rc = missing_apply(mode, before, after, f, d);
	if (rc == FP_OK && before->n == 0)
		rc = diag_set(d, l->rq->origin, 0, 0,
		              "--cases and --exclude leave no case of %s or %s",
		              before->path, after->path);
	if (rc != FP_OK) {
		run_free(before);
		run_free(after);
		return FP_ERR;
	}
	return price_join_guessed(before, after, mode == MISSING_DROP,
	                          &l->guess, l->nguess, runs, d);
}

/* The samples per case of the joined runs' sides that have samples. */
static void count_samples(struct job *job)
{
	struct run_facts *f = &job->facts;

	for (int s = 0; s < 2; s++) {
		const struct column *n = run_find(
		    s ? job->runs.after : job->runs.before, "runtime_n");
		f->runtime_n[s] = f->estimator[s] && n ? n->v : NULL;
		n = run_find(s ? job->runs.after : job->runs.before,
		             RUN_PASS_FROM);
		f->pass_from[s] = n ? n->v : NULL;
		n = f->aggregate_of[s]
		        ? run_find(s ? job->runs.after : job->runs.before,
		                   f->aggregate_of[s])
		        : NULL;
		f->aggregate_n[s] = n && n->v ? n->v : NULL;
	}
}

/* A request that needs two measured runs, given something else. */
static int check_two(const struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;

	if ((l->ninputs == 2 || rq->split_by || rq->nruns[0]) && !l->scenario)
		return FP_OK;
	if (rq->results[1])
		return diag_set(
		    d, rq->origin, 0, 0,
		    "--results merges a report "
		    "into the after run: give two runs (BEFORE AFTER)");
	if (rq->missing != MISSING_ERROR)
		return diag_set(d, rq->origin, 0, 0,
		                "--missing: give two runs "
		                "(BEFORE AFTER)");
	return FP_OK;
}

/* A run holding both sides, or priced with a scenario, is one run. */
static int one_side(const struct run *r, struct diag *d)
{
	if (r->nruns < 2)
		return FP_OK;
	return diag_set(d, r->path, (int)r->part_line, (int)r->part_col,
	                "a '%s' column gives the runs of one side: give "
	                "BEFORE AFTER, each with its runs",
	                r->part_by);
}

/* Two runs, one run holding both sides, or a run and a scenario. */
static int load_runs(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;
	const char *const *in = rq->inputs;
	struct joined *runs = &l->job->runs;
	struct run *before = NULL, *after = NULL;
	const struct metric *gm =
	    rq->metric_given ? rq->metric_given : l->metric;

	if (l->ninputs == 2 && l->scenario)
		return diag_set(
		    d, rq->origin, 0, 0,
		    "give either two runs or one run and a scenario "
		    "(--scenario, --runtime-factor, --pass, --fail)");
	if (check_two(l, d) != FP_OK)
		return FP_ERR;
	if (rq->nruns[0]) {
		if (load_side(l, 0, &before, d) != FP_OK ||
		    load_side(l, 1, &after, d) != FP_OK)
			goto fail;
		return join_two(l, before, after, runs, d);
	}
	if (rq->split_by) {
		if (l->ninputs != 1 || l->scenario)
			return diag_set(
			    d, rq->origin, 0, 0,
			    "--split-by %s: give one run file, which "
			    "holds both runs",
			    rq->split_by);
		if (load_split(l, in[0], &before, &after, d) != FP_OK)
			goto fail;
		return join_two(l, before, after, runs, d);
	}
	if (l->ninputs == 2) {
		if (load_both(l, in, &before, &after, d) != FP_OK)
			goto fail;
		return join_two(l, before, after, runs, d);
	}
	if (load_run(l, 0, l->scenario ? "before" : "both", in[0], &before,
	             d) != FP_OK ||
	    one_side(before, d) != FP_OK ||
	    facts_context(&l->job->facts, before, NULL, d) != FP_OK)
		goto fail;
	if (!l->scenario) {
		l->job->facts.estimator[1] = l->job->facts.estimator[0];
		if (facts_run_copy(&l->job->facts, d) != FP_OK)
			goto fail;
		return price_split(before, runs, d);
	}
	if (scenario_bind(l->scenario, before, d) != FP_OK ||
	    scenario_apply(l->scenario, before,
	                   (const char *const *)gm->gate_errors,
	                   gm->ngate_errors, &after, d) != FP_OK)
		goto fail;
	return price_join(before, after, false, runs, d);
fail:
	run_free(before);
	run_free(after);
	return FP_ERR;
}

/* The metric with its edits, and the scenario. */
static int load_metric(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;

	if (metric_load(rq->metric, &l->metric, d) != FP_OK)
		return FP_ERR;
	for (size_t i = 0; i < rq->nweights; i++)
		if (metric_add_weight_rule(l->metric, rq->weight_glob[i],
		                           rq->weight_value[i], d) != FP_OK)
			return FP_ERR;
	if (load_scenario(l, d) != FP_OK)
		return FP_ERR;
	/* Parameters after the scenario is read, so its own can be set too. */
	for (size_t i = 0; i < rq->nsets; i++)
		if (set_param(l, rq->set_name[i], rq->set_value[i], d) != FP_OK)
			return FP_ERR;
	return FP_OK;
}

/* The metric (unless given), the scenario, the runs. */
static int load_all(struct loading *l, struct diag *d)
{
	const struct load_request *rq = l->rq;

	l->select = (struct run_select){.cases = rq->cases,
	                                .exclude = rq->exclude,
	                                .ncases = rq->ncases,
	                                .nexclude = rq->nexclude};
	if (!(l->renamed = calloc(rq->ncolumns + 1, sizeof *l->renamed)) ||
	    !(l->select.used = calloc(rq->ncases + rq->nexclude + 1,
	                              sizeof *l->select.used)))
		return diag_oom(d);
	if (!rq->metric_given && load_metric(l, d) != FP_OK)
		return FP_ERR;
	if (load_runs(l, d) != FP_OK)
		return FP_ERR;
	count_samples(l->job);
	return load_check_used(l->rq, l->renamed, l->select.used,
	                       l->job->runs.before, d);
}

int load_job(const struct load_request *rq, struct job *job, struct diag *d)
{
	struct loading l = {.rq = rq, .job = job, .ninputs = rq->ninputs};
	int rc;

	memset(job, 0, sizeof *job);
	if (load_check_sides(rq, d) != FP_OK)
		return FP_ERR;
	if (!rq->nruns[0] && (rq->ninputs < 1 || rq->ninputs > 2))
		return diag_set(
		    d, rq->origin, 0, 0,
		    "give BEFORE AFTER, BOTH, or BEFORE with a scenario");
	rc = load_all(&l, d);
	/* Frozen from here on: the job hands them out as const. */
	job->metric = rq->metric_given ? rq->metric_given : l.metric;
	job->metric_shared = rq->metric_given != NULL;
	job->scenario = l.scenario;
	free(l.renamed);
	free(l.select.used);
	free(l.guess);
	run_free(l.after);
	return rc;
}

void job_free(struct job *job)
{
	/* The job owns what it hands out as const. */
	if (!job->metric_shared)
		metric_free((struct metric *)job->metric);
	scenario_free((struct scenario *)job->scenario);
	joined_free(&job->runs);
	run_facts_free(&job->facts);
	memset(job, 0, sizeof *job);
}
