/* rows.h: a table indexed by an enum has one row per enumerator, checked
 * when it is compiled, so that a value added to the enum without its row
 * is an error rather than a read past the table's end. */
#ifndef FP_UTIL_ROWS_H
#define FP_UTIL_ROWS_H

#define FP_ROWS(table, count) \
	_Static_assert(sizeof(table) / sizeof(*(table)) == (count), \
	               #table ": one row per enumerator")

#endif
