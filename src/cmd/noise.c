/* noise.c: the noise group of options (noise.h). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cmd/cli.h"
#include "cmd/noise.h"

/* A whole number in [lo, hi], as typed. */
static int whole(const char *arg, const char *what, unsigned long long lo,
                 unsigned long long hi, unsigned long long *out, struct diag *d)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(arg, &end, 10);
	if (arg[0] < '0' || arg[0] > '9' || *end || errno || v < lo || v > hi)
		return diag_set(d, CLI_SOURCE, 0, 0,
		                "%s must be a whole number from %llu to %llu, "
		                "got '%s'",
		                what, lo, hi, arg);
	*out = v;
	return FP_OK;
}

int cmd_noise_option(struct cmd_noise *o, enum opt_id id, const char *arg,
                     struct diag *d)
{
	unsigned long long v;

	switch (id) {
	case OPT_BOOTSTRAP:
		if (whole(arg, "--bootstrap", 0, NOISE_MAX_B, &v, d) != FP_OK)
			return FP_ERR;
		o->B = (size_t)v;
		o->b_given = true;
		return FP_OK;
	case OPT_CONFIDENCE:
		if (cli_number(arg, "--confidence", &o->confidence, d) != FP_OK)
			return FP_ERR;
		if (!(o->confidence > 0 && o->confidence < 1))
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--confidence must be "
			                "above 0 and below 1, got '%s'",
			                arg);
		return FP_OK;
	case OPT_SEED:
		if (whole(arg, "--seed", 0, UINT64_MAX, &v, d) != FP_OK)
			return FP_ERR;
		o->seed = v;
		o->seed_given = true;
		return FP_OK;
	case OPT_THREADS:
		if (whole(arg, "--threads", 1, 1024, &v, d) != FP_OK)
			return FP_ERR;
		o->threads = (size_t)v;
		return FP_OK;
	case OPT_PASS_POLICY:
		if (!run_policy_parse(arg, &o->policy))
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--pass-policy must be "
			                "all, majority or any, got '%s'",
			                arg);
		return FP_OK;
	case OPT_CONTROL:
		if (o->ncontrol == RUN_MAX_MERGED)
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--control takes at most %d runs",
			                RUN_MAX_MERGED);
		o->control[o->ncontrol++] = arg;
		return FP_OK;
	case OPT_ALLOW_NEWLY_FAILING:
		o->guard_off[GUARD_NEWLY_FAILING] = true;
		return FP_OK;
	case OPT_NO_CONTROL_GUARD:
		o->guard_off[GUARD_CONTROL] = true;
		return FP_OK;
	case OPT_MARGIN:
		if (cli_number(arg, "--margin", &o->margin, d) != FP_OK)
			return FP_ERR;
		if (!(o->margin >= 0 && isfinite(o->margin)))
			return diag_set(d, CLI_SOURCE, 0, 0,
			                "--margin must be a number of points "
			                "0 or above, got '%s'",
			                arg);
		o->margin_given = true;
		return FP_OK;
	default:
		return diag_set(d, NULL, 0, 0, "no noise option %d", (int)id);
	}
}

/* One default for every command: a band or an interval beside price's
 * verdict is made from as many resamples as the verdict. */
struct judge_opts cmd_judge_opts(const struct cmd_noise *o)
{
	size_t B = NOISE_DEFAULT_B;
	struct judge_opts jo;

	jo = (struct judge_opts){
	    .boot =
	        {
	            .B = o->b_given ? o->B : B,
	            .confidence = o->confidence > 0 ? o->confidence
	                                            : NOISE_DEFAULT_CONFIDENCE,
	            .seed = o->seed_given ? o->seed : NOISE_DEFAULT_SEED,
	            .threads = o->threads,
	            .policy = o->policy,
	        },
	    .margin_given = o->margin_given,
	    .margin = o->margin,
	};
	memcpy(jo.guard_off, o->guard_off, sizeof jo.guard_off);
	return jo;
}
