/* weigh.h: case weights from weight rules (the last rule whose glob
 * matches a case name wins, else the default), for every case at once in
 * time linear in cases (util/globset.h).  The one place where a rule
 * meets a case: the metric's rules as loaded and a session's (which adds
 * its own for sensitivity knobs) both come here. */
#ifndef FP_PRICE_WEIGH_H
#define FP_PRICE_WEIGH_H

#include <stddef.h>

#include "util/diag.h"

/* w[i] for names[0..n): globs[k] and weights[k] are rule k's (nrules of
 * them, later ones first to win).  FP_ERR: too many rules or globs (the
 * message names where, as "WHERE: ..."), or out of memory. */
int price_weigh(const char *const *globs, const double *weights, size_t nrules,
                double dflt, const char *const *names, size_t n, double *w,
                const char *where, struct diag *d);

#endif
