/* fold.c: a fix's resamples less an A/A control run's (fold.h). */
#include "noise/fold.h"

#include <stdlib.h>
#include <string.h>

/* Quantity `which` (gain 0, cost 1, net 2): out's resamples, the fix's
 * less the control's, each about its price less its bias, and their
 * bias, the fix's less the control's.  The difference is then one
 * quantity: widened by its own bias's doubt (bootstrap.h), so that the
 * biases an A/A control shares with the fix cancel in the doubt too. */
static struct interval fold_one(const struct boot *fix, const struct boot *ctl,
                                int which, double *x, double *bias,
                                double *scratch)
{
	double cf, cc, bf = noise_fit_centred(fix, which, x, &cf);
	double bc = noise_fit_centred(ctl, which, scratch, &cc), s;
	struct interval d;

	for (size_t r = 0; r < fix->B; r++)
		x[r] -= scratch[r];
	*bias = bf - bc;
	s = noise_fit_spread(x, scratch, fix->B);
	d = noise_fit_doubt(&fix->fit, *bias, s);
	noise_fit_widen(x, fix->B, cf - cc, d, s);
	return d;
}

/* The interval of x by the fix's rule (noise_fit_bounds), within the
 * range the fix's less the control's allow; sorted is x's copy. */
static void fold_interval(const struct boot *fix, const struct boot *ctl,
                          int which, const double *x, double *sorted,
                          struct interval *ci)
{
	struct interval f = noise_fit_range(fix, which);
	struct interval c = noise_fit_range(ctl, which);

	memcpy(sorted, x, fix->B * sizeof *sorted);
	noise_fit_bounds(sorted, fix->B, fix->confidence,
	                 (struct interval){f.lo - c.hi, f.hi - c.lo}, ci);
}

static struct boot_gcn minus(struct boot_gcn a, struct boot_gcn b)
{
	return (struct boot_gcn){a.gain - b.gain, a.cost - b.cost,
	                         a.net - b.net};
}

int noise_fold(const struct boot *fix, const struct boot *ctl, struct boot *out)
{
	size_t B = fix->B, yes = 0;
	double *scratch = malloc((B ? B : 1) * sizeof *scratch), bias[3];
	double *all[3];
	struct interval *ci[3] = {&out->gain_ci, &out->cost_ci, &out->net_ci};

	memset(out, 0, sizeof *out);
	out->gain = all[0] = malloc((B ? B : 1) * sizeof *out->gain);
	out->cost = all[1] = malloc((B ? B : 1) * sizeof *out->cost);
	out->net = all[2] = malloc((B ? B : 1) * sizeof *out->net);
	out->decide = malloc(B ? B : 1);
	if (!scratch || !out->gain || !out->cost || !out->net || !out->decide) {
		free(scratch);
		return FP_ERR;
	}
	out->B = B;
	out->threads = fix->threads;
	out->confidence = fix->confidence;
	out->seed = fix->seed;
	out->samples = fix->samples;
	out->fit = fix->fit;
	out->point = minus(fix->point, ctl->point);
	out->ref = minus(fix->ref, ctl->ref);
	out->drawn = minus(fix->drawn, ctl->drawn);
	for (int w = 0; w < 3; w++) {
		struct interval d =
		    fold_one(fix, ctl, w, all[w], &bias[w], scratch);

		if (w == 2)
			out->doubt = d; /* net's, for the record */
	}
	out->bias = (struct boot_gcn){bias[0], bias[1], bias[2]};
	for (int w = 0; w < 3; w++)
		fold_interval(fix, ctl, w, all[w], scratch, ci[w]);
	out->median_net = noise_quantile(scratch, B, 0.5);
	/* As the interval takes them. */
	for (size_t r = 0; r < B; r++) {
		out->decide[r] = out->net[r] > 0;
		yes += out->decide[r];
	}
	out->p_decide = B ? (double)yes / (double)B : 0;
	free(scratch);
	return FP_OK;
}
