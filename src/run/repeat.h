/* repeat.h: rows of one case name as samples of one case (CSV with a
 * `repetition` column, see formats/csv.c). */
#ifndef FP_RUN_REPEAT_H
#define FP_RUN_REPEAT_H

#include "run/builder.h"

/* Makes rows of the same case name samples of one case (rb_finish does
 * it, before looking for duplicates, through b->merge_rows): the cells of column col are the
 * samples (a NaN cell: no sample), the cells of a `passed` column their
 * pass states, and every other column must have equal cells in them
 * (numbers equal, or both not numbers), else "case 'x': column 'y' is 2
 * here, 1 on line 3" at the cell.  A case passes when all its rows do;
 * column col and a `repetition` column are dropped.  See csv.c. */
void rb_repeat_rows(struct run_builder *b, long col);

#endif
