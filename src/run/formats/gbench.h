/* gbench.h: what Google Benchmark's JSON and CSV readers share: entries
 * (one per line of output) made into cases (gbench.c says how). */
#ifndef FP_INPUT_GBENCH_H
#define FP_INPUT_GBENCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "run/builder.h"

struct gb_entry {
	const char *name;  /* the case's name (not owned) */
	const char *label; /* the entry's own name (BM_x_BigO), or NULL */
	size_t index;      /* position in the output */
	bool aggregate;
	const char *aggregate_name; /* "" for iterations */
	double real, cpu;           /* seconds */
	double repetitions;         /* as written, for aggregates */
	bool failed;                /* error_occurred or skipped */
	uint32_t line, col;
};

/* Seconds per time_unit ("ns", "us", "ms", "s"); false for others. */
bool gbench_unit(const char *unit, double *f);

/* Adds the columns and, grouping e[0..n) by name in order of first
 * appearance, the cases (samples: real or, with cpu, cpu times). */
int gbench_cases(struct run_builder *b, struct gb_entry *e, size_t n, bool cpu);

#endif
