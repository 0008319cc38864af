/* parts.h: a CSV, JSON or YAML run whose `run` or `round` column labels
 * the run each row was measured in (a rerun of the benchmark process, or
 * an interleaved round of before and after), so that one file holds
 * several runs of one side (doc/noise.md, "Several runs per side").
 *
 * The file is read as the runs its labels name, each exactly as a file
 * of its own holding that label's rows (without the label column) would
 * be, chained in ascending order of label (run.h: part_next), so that
 * `price B.csv A.csv` with a run column is `price --before B1 B2 B3
 * --after A1 A2 A3` with one file per run.  A column's kind (number,
 * pass state, text) is the file's. */
#ifndef FP_RUN_PARTS_H
#define FP_RUN_PARTS_H

#include "run/builder.h"

/* rb_finish for the generic formats: with a label column (run.h:
 * run_reserved, RUN_RESERVED_LABEL), the chain of runs, one per label.
 * Errors at FILE:LINE:COL: both label columns; a row without a label, or
 * whose label is not a number; more than RUN_MAX_MERGED labels; and
 * whatever rb_finish finds in one run's rows (duplicate cases). */
int rb_finish_parts(struct run_builder *b, struct run **out);

#endif
