/* escape.h: user text made safe for the places fixprice writes it.
 *
 * Case names, metric and scenario names, descriptions, parameter names and
 * paths come from files a user (or a stranger's merge request) wrote.  None
 * of them may rewrite a terminal, break a Markdown table, inject HTML or
 * mentions, or make gnuplot run a command.  Every function here returns a new
 * NUL-terminated string (caller frees with free()), or NULL when out of
 * memory; a NULL argument is treated as "".
 *
 * The one visible form.  All escapers start from the same transformation,
 * escape_terminal(), so a name reads the same on a terminal, in rendered
 * Markdown, in a CSV cell, on a chart and in an error message:
 *   backslash                      -> \\
 *   tab, newline, carriage return  -> \t \n \r
 *   other C0 controls and DEL      -> \xHH   (ESC is \x1b)
 *   bytes that are not UTF-8       -> \xHH
 *   C1 controls, and invisible or direction-changing characters
 *   (U+0080..U+009F, U+061C, U+200B..U+200F, U+2028..U+202E,
 *   U+2060..U+2069, U+FEFF), non-characters (U+FDD0..U+FDEF and
 *   U+xxFFFE, U+xxFFFF) and tag characters (U+E0000..U+E007F)
 *                                  -> \uHHHH, or \UHHHHHHHH above U+FFFF
 *   "::" at the start or after a blank, and "##[" or "##vso[" anywhere
 *   (a CI runner's workflow commands, obeyed in a log line that starts
 *   so, or anywhere)              -> \x3a: and \x23#[ (\x23#vso[)
 * Everything else (printable ASCII, any other valid UTF-8) is kept.  The
 * rule is documented for users in doc/text-safety.md.
 *
 * Long text.  Where text is only read by people (Markdown, charts) it is
 * cut after ESCAPE_MAX_SHOWN characters with "...", so a 1 MiB description
 * is not copied whole into a record; names (RUN_MAX_NAME bytes at most)
 * are never cut.  The JSON record keeps the exact text. */
#ifndef FP_ESCAPE_H
#define FP_ESCAPE_H

#include <stdbool.h>
#include <stddef.h>

/* Characters of user text shown at most where text is cut. */
#define ESCAPE_MAX_SHOWN 4096

/* Text for a terminal, as above. */
char *escape_terminal(const char *s);

/* The same, cut after max characters of s with "...". */
char *escape_terminal_cut(const char *s, size_t max);

/* The visible form without doubling backslashes: a safety net for text
 * already made of escaped parts (error messages), which must not show a
 * raw control character whatever slipped into it. */
char *escape_controls(const char *s);

/* Text for Markdown (GitHub/GitLab flavoured), in a paragraph or a table
 * cell: the terminal form (cut at ESCAPE_MAX_SHOWN), then
 *   \ ` * _ [ ] ( ) ! | ~ $ :     -> backslash + the character
 *   . after "www" (any case)      -> \.
 *   < > &                         -> &lt; &gt; &amp;
 *   @                             -> @ U+200B (zero-width space: no mention)
 *   #                             -> \# U+200B (no issue reference: #123)
 *   / as the first character      -> \/ (no slash command)
 * Renders as exactly the terminal form, with no links: the escaped ':' and
 * '.' and the zero-width space stop GitHub's autolinks of URLs, www. names
 * and e-mail addresses. */
char *escape_md_text(const char *s);

/* A Markdown code span holding the terminal form of s (cut at
 * ESCAPE_MAX_SHOWN): a fence of one more
 * backtick than the longest run inside, padded with a space when the content
 * starts or ends with a backtick or space.  in_table: also | -> \| (GitHub
 * splits table cells on | even inside code spans).  "" gives "` `". */
char *escape_md_code(const char *s, bool in_table);

/* Text for HTML, in an element or a quoted attribute: the terminal form
 * (cut at ESCAPE_MAX_SHOWN), then & < > " ' as &amp; &lt; &gt; &quot;
 * &#39;.  Renders as exactly the terminal form; no tag, entity or
 * attribute can start in it. */
char *escape_html(const char *s);

/* The same for text already in its visible form (a record's own lines,
 * names in them already escaped): escape_controls, then & < > " '. */
char *escape_html_visible(const char *s);

/* A relative link target for Markdown (![title](target)): every byte but
 * A-Z a-z 0-9 - . _ ~ / percent-encoded. */
char *escape_url_path(const char *s);

/* A text cell for a CSV file that spreadsheets open: the terminal form
 * (so no BEL, ESC or CR reaches a cell), and a cell starting with = + - @
 * is run as a formula, so it gets a leading ' (as OWASP recommends; tab
 * and CR, the other triggers, are \t and \r by then).  CSV quoting is the
 * writer's job.  Lossy on purpose: the JSON record keeps the exact text. */
char *escape_spreadsheet(const char *s);

/* Length (1..4) of the well-formed UTF-8 character at s, which has avail
 * bytes, or 0 if none starts there (a stray continuation byte, an overlong
 * form, a surrogate, a cut sequence).  A NUL byte is a character of 1. */
size_t escape_utf8_len(const char *s, size_t avail);

/* Whether s[0..len) holds no byte past ASCII (NULs and controls are
 * ASCII), eight bytes at a time: the common text that needs no UTF-8
 * walk. */
bool escape_ascii(const char *s, size_t len);

/* escape_ascii, and no NUL among them either: a name that needs neither
 * a UTF-8 walk nor a search for a NUL, in one pass. */
bool escape_plain(const char *s, size_t len);

/* For a writer that keeps text exact but has an escape of its own for any
 * character (JSON's \uHHHH): the code point of the character at s (valid
 * UTF-8; its length in *n) when it must still not reach the output raw,
 * else -1.  Those are DEL, the hidden characters above (C1 controls,
 * invisible and direction-changing ones, non-characters, tags) and the
 * first '#' of "##[" or "##vso[", obeyed anywhere in a log line; "::" is
 * obeyed only where a line starts, which a quoted string never does, and
 * the C0 controls are every such writer's own. */
long escape_data_hidden(const char *s, size_t *n);

/* Value of the n (at most 8) hex digits at s, or -1 if one is not a hex
 * digit: for readers of \xHH and \uHHHH escapes. */
long escape_hex_value(const char *s, int n);

/* s as it looks, for telling two names apart that a reader could not:
 * each letter of another alphabet that looks like a Latin one (Cyrillic
 * and Greek: U+0430 for 'a') as that Latin letter, and the characters the
 * visible form shows as \uHHHH (zero-width, bidi, C1) left out.  Two
 * names with the same skeleton look the same.  A new string; NULL when
 * out of memory. */
char *escape_skeleton(const char *s);

/* True if escape_spreadsheet() would change s. */
bool escape_spreadsheet_needed(const char *s);

/* s cut to at most max characters (UTF-8) by replacing its middle with
 * "...": names that differ only at their end (case_1, case_2) stay apart.
 * A new string (a copy when s fits); NULL when out of memory. */
char *cut_middle(const char *s, size_t max);

#endif
