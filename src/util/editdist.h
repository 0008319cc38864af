/* editdist.h: how far apart two words are, for "did you mean ...?" hints in
 * every message that names something unknown (formula names, metric keys,
 * commands, options, parameters). */
#ifndef FP_EDITDIST_H
#define FP_EDITDIST_H

#include <stddef.h>

/* Optimal string alignment distance between a[0..alen) and b[0..blen):
 * insertions, deletions, substitutions and the swap of two neighbours (the
 * typo people make most) count one each.  Returns limit + 1 as soon as the
 * distance is known to exceed limit (so a long word costs little), and when
 * out of memory. */
int edit_distance(const char *a, size_t alen, const char *b, size_t blen,
                  int limit);

/* The candidate closest to word[0..len), or NULL when none is within
 * limit edits.  A candidate that differs from word only in letter case
 * counts as distance 0 ("W" for "w").  Ties go to the earlier candidate. */
const char *closest_word(const char *word, size_t len, const char *const *cands,
                         size_t ncands, int limit);

#endif
