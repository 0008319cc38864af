/* verify.h: a saved record against today's price of the same inputs,
 * priced the same way (`fixprice verify`): which inputs changed by hash,
 * whether the figures are byte for byte the same, the old and new net and
 * verdict, whether the decision still stands, and the cases whose share
 * of net moved most.  The comparison (verify_compare) and its forms
 * (verify_write: text, md, json; the first line is the outcome). */
#ifndef FP_REPORT_VERIFY_H
#define FP_REPORT_VERIFY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "report/record.h"
#include "report/report.h"
#include "util/diag.h"

/* Cases listed whose share of net moved most. */
#define VERIFY_MOVED 5

/* One input of the record: its recorded and today's hash (borrowed from
 * the two values). */
struct verify_input {
	const char *role, *path, *today_path;
	const char *sha_then, *sha_now; /* NULL: none (standard input) */
	bool changed;                   /* by hash, or gone today */
};

/* A case's share of net (gain share - cost share) then and now; NaN when
 * the case is not in that price or shares are undefined there. */
struct verify_moved {
	const char *name;
	double then, now;
};

struct verify_result {
	const char *record; /* the record file, as named */
	const struct record_value *then, *now;
	/* The record had no invocation: priced again with what it recorded
	 * (its inputs, metric and parameters) and the defaults. */
	bool reconstructed;
	bool same; /* the figures are byte-identical: exit 0 */
	char first_difference[96];
	bool stands; /* the verdict (or the decision) is the same */
	size_t ninputs;
	struct verify_input inputs[RECORD_MAX_INPUTS];
	bool metric_changed;
	size_t nmoved;
	struct verify_moved moved[VERIFY_MOVED];
};

/* Compares then (the record at path record) with now (today's value of
 * the same inputs).  Borrows both for as long as out is used. */
int verify_compare(const char *record, const struct record_value *then,
                   const struct record_value *now, bool reconstructed,
                   struct verify_result *out, struct diag *d);

/* The forms verify writes (the forms table's `verify` column). */
int verify_write(const struct verify_result *v, enum report_format f, FILE *out,
                 struct diag *d);

#endif
