#include "util/escape.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/words.h"

/* A growing output string.  On allocation failure `failed` is set and later
 * appends do nothing, so callers check once at the end. */
struct sbuf {
	char *buf;
	size_t len, cap;
	bool failed;
};

static void sb_grow(struct sbuf *b, size_t more)
{
	size_t cap;
	char *p;

	if (b->failed || b->len + more + 1 <= b->cap)
		return;
	cap = b->cap ? b->cap : 32;
	while (cap < b->len + more + 1)
		cap *= 2;
	p = realloc(b->buf, cap);
	if (!p) {
		b->failed = true;
		return;
	}
	b->buf = p;
	b->cap = cap;
}

static void sb_putn(struct sbuf *b, const char *s, size_t n)
{
	sb_grow(b, n);
	if (b->failed)
		return;
	memcpy(b->buf + b->len, s, n);
	b->len += n;
	b->buf[b->len] = '\0';
}

static void sb_puts(struct sbuf *b, const char *s)
{
	sb_putn(b, s, strlen(s));
}

static void sb_putc(struct sbuf *b, char c)
{
	sb_putn(b, &c, 1);
}

/* Hands the string to the caller, or frees it and returns NULL. */
static char *sb_finish(struct sbuf *b)
{
	if (!b->failed && !b->buf)
		sb_grow(b, 0);
	if (b->failed) {
		free(b->buf);
		return NULL;
	}
	b->buf[b->len] = '\0';
	return b->buf;
}

/* Length of the well-formed UTF-8 sequence at s (1..4) with its code point,
 * or 0 if s does not start one (overlong forms and surrogates included). */
static size_t utf8_decode(const unsigned char *s, uint32_t *cp)
{
	unsigned char c = s[0];
	size_t n;
	unsigned char lo = 0x80, hi = 0xbf;

	if (c < 0x80) {
		*cp = c;
		return 1;
	}
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		*cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		*cp = c & 0x0f;
		if (c == 0xe0)
			lo = 0xa0;
		else if (c == 0xed)
			hi = 0x9f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		*cp = c & 0x07;
		if (c == 0xf0)
			lo = 0x90;
		else if (c == 0xf4)
			hi = 0x8f;
	} else {
		return 0;
	}
	/* Only the second byte has a narrowed range; the rest are 80..BF. */
	if (s[1] < lo || s[1] > hi)
		return 0;
	*cp = (*cp << 6) | (s[1] & 0x3f);
	for (size_t i = 2; i < n; i++) {
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
		*cp = (*cp << 6) | (s[i] & 0x3f);
	}
	return n;
}

bool escape_ascii(const char *s, size_t len)
{
	const uint64_t high = 0x8080808080808080u;
	uint64_t any = 0, w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, sizeof w);
		any |= w;
	}
	for (; i < len; i++)
		any |= (unsigned char)s[i];
	return !(any & high);
}

bool escape_plain(const char *s, size_t len)
{
	uint64_t bad = 0, w;
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		w = words_load(s + i);
		bad |= words_zero(w) | words_high(w);
	}
	/* The rest: the last eight bytes again when there are eight. */
	if (i < len && len >= 8) {
		w = words_load(s + len - 8);
		bad |= words_zero(w) | words_high(w);
	}
	for (; len < 8 && i < len; i++)
		bad |= (unsigned char)s[i] == 0 || (unsigned char)s[i] >= 0x80;
	return !bad;
}

size_t escape_utf8_len(const char *s, size_t avail)
{
	unsigned char b[5] = {0};
	uint32_t cp;

	memcpy(b, s, avail < 4 ? avail : 4);
	return avail ? utf8_decode(b, &cp) : 0;
}

long escape_hex_value(const char *s, int n)
{
	long v = 0;

	for (int i = 0; i < n; i++) {
		char c = s[i];
		int d = c >= '0' && c <= '9'   ? c - '0'
		        : c >= 'a' && c <= 'f' ? c - 'a' + 10
		        : c >= 'A' && c <= 'F' ? c - 'A' + 10
		                               : -1;
		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

/* Characters that are valid but invisible, that reorder text, or that
 * XML refuses: shown as \uHHHH (\UHHHHHHHH above U+FFFF) so that two
 * names that look alike can be told apart. */
static bool is_hidden(uint32_t cp)
{
	return (cp >= 0x80 && cp <= 0x9f) || cp == 0x061c ||
	       (cp >= 0x200b && cp <= 0x200f) ||
	       (cp >= 0x2028 && cp <= 0x202e) ||
	       (cp >= 0x2060 && cp <= 0x2069) || cp == 0xfeff ||
	       (cp >= 0xfdd0 && cp <= 0xfdef) || (cp & 0xfffe) == 0xfffe ||
	       (cp >= 0xe0000 && cp <= 0xe007f);
}

/* "##[" (GitHub Actions, Azure Pipelines' formatting) or "##vso["
 * (Azure Pipelines' logging commands) at s: obeyed anywhere in a line. */
static bool ci_hash_command_at(const unsigned char *s)
{
	return s[0] == '#' && s[1] == '#' &&
	       (s[2] == '[' ||
	        (s[2] == 'v' && s[3] == 's' && s[4] == 'o' && s[5] == '['));
}

/* True if s (in the text that starts at first) begins a workflow command
 * that a CI runner would obey in a log: "::" where a line may start (the
 * text's start, or after a blank: the runner trims blanks, and a long line
 * is wrapped at its blanks), or "##[" or "##vso[" anywhere.  Its first
 * character is then shown as \xHH, which breaks the command and reads
 * back. */
static bool ci_command_at(const unsigned char *first, const unsigned char *s)
{
	if (s[0] == ':' && s[1] == ':')
		return s == first || s[-1] == ' ';
	return ci_hash_command_at(s);
}

long escape_data_hidden(const char *str, size_t *n)
{
	const unsigned char *s = (const unsigned char *)str;
	uint32_t cp;

	*n = utf8_decode(s, &cp);
	if (*n == 0) {
		*n = 1;
		return -1;
	}
	if (cp == 0x7f || is_hidden(cp) || ci_hash_command_at(s))
		return (long)cp;
	return -1;
}

/* Appends the visible form of str, at most max characters of it (then
 * "..."); `backslash`: double backslashes (off only for text already
 * made of escaped parts, where a doubled one would show twice). */
static void put_visible(struct sbuf *b, const char *str, size_t max,
                        bool backslash)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");
	const unsigned char *first = s;
	char tmp[16];

	for (size_t chars = 0; *s; chars++) {
		uint32_t cp;
		size_t n = utf8_decode(s, &cp);
		const char *name = *s == '\\' && backslash ? "\\\\"
		                   : *s == '\t'            ? "\\t"
		                   : *s == '\n'            ? "\\n"
		                   : *s == '\r'            ? "\\r"
		                                           : NULL;

		if (chars == max) {
			sb_puts(b, "...");
			return;
		}
		if (name)
			sb_puts(b, name);
		else if (ci_command_at(first, s))
			snprintf(tmp, sizeof tmp, "\\x%02x", *s),
			    sb_puts(b, tmp);
		else if (n == 0 || *s < 0x20 || *s == 0x7f)
			snprintf(tmp, sizeof tmp, "\\x%02x", *s),
			    sb_puts(b, tmp);
		else if (is_hidden(cp))
			snprintf(tmp, sizeof tmp,
			         cp > 0xffff ? "\\U%08x" : "\\u%04x",
			         (unsigned)cp),
			    sb_puts(b, tmp);
		else
			sb_putn(b, (const char *)s, n);
		s += n && !name ? n : 1;
	}
}

static void put_terminal(struct sbuf *b, const char *str)
{
	put_visible(b, str, SIZE_MAX, true);
}

char *escape_terminal(const char *s)
{
	return escape_terminal_cut(s, SIZE_MAX);
}

char *escape_terminal_cut(const char *s, size_t max)
{
	struct sbuf b = {0};
	put_visible(&b, s, max, true);
	return sb_finish(&b);
}

char *escape_controls(const char *s)
{
	struct sbuf b = {0};
	put_visible(&b, s, SIZE_MAX, false);
	return sb_finish(&b);
}

char *escape_md_text(const char *s)
{
	struct sbuf t = {0}, b = {0};
	char *vis;

	put_visible(&t, s, ESCAPE_MAX_SHOWN, true);
	vis = sb_finish(&t);
	if (!vis)
		return NULL;
	for (const char *p = vis; *p; p++) {
		if (p == vis && *p == '/')
			sb_puts(&b, "\\/");
		else if (strchr("\\`*_[]()!|~$:", *p) ||
		         (*p == '.' && p - vis >= 3 &&
		          strncasecmp(p - 3, "www", 3) == 0))
			sb_putc(&b, '\\'), sb_putc(&b, *p);
		else if (*p == '<')
			sb_puts(&b, "&lt;");
		else if (*p == '>')
			sb_puts(&b, "&gt;");
		else if (*p == '&')
			sb_puts(&b, "&amp;");
		else if (*p == '@')
			sb_puts(&b, "@\xe2\x80\x8b");
		else if (*p == '#')
			sb_puts(&b, "\\#\xe2\x80\x8b");
		else
			sb_putc(&b, *p);
	}
	free(vis);
	return sb_finish(&b);
}

/* & < > " ' as entities: the characters HTML reads in text and in a
 * quoted attribute. */
static char *html_chars(const char *vis)
{
	struct sbuf b = {0};

	for (const char *p = vis; *p; p++) {
		if (*p == '&')
			sb_puts(&b, "&amp;");
		else if (*p == '<')
			sb_puts(&b, "&lt;");
		else if (*p == '>')
			sb_puts(&b, "&gt;");
		else if (*p == '"')
			sb_puts(&b, "&quot;");
		else if (*p == '\'')
			sb_puts(&b, "&#39;");
		else
			sb_putc(&b, *p);
	}
	return sb_finish(&b);
}

char *escape_html(const char *s)
{
	struct sbuf t = {0};
	char *vis, *out;

	put_visible(&t, s, ESCAPE_MAX_SHOWN, true);
	vis = sb_finish(&t);
	if (!vis)
		return NULL;
	out = html_chars(vis);
	free(vis);
	return out;
}

char *escape_html_visible(const char *s)
{
	char *vis = escape_controls(s), *out;

	if (!vis)
		return NULL;
	out = html_chars(vis);
	free(vis);
	return out;
}

char *escape_md_code(const char *s, bool in_table)
{
	struct sbuf t = {0}, b = {0};
	size_t run = 0, longest = 0, len;
	bool pad, all_spaces = true;
	char *vis;

	put_visible(&t, s, ESCAPE_MAX_SHOWN, true);
	vis = sb_finish(&t);
	if (!vis)
		return NULL;
	len = strlen(vis);
	if (len == 0) {
		free(vis);
		sb_puts(&b, "` `");
		return sb_finish(&b);
	}
	for (const char *p = vis; *p; p++) {
		run = *p == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
		if (*p != ' ')
			all_spaces = false;
	}
	/* A code span drops one space at each end when both are there, and a
	 * backtick at an end would join the fence: pad so neither happens. */
	pad = !all_spaces && (vis[0] == '`' || vis[0] == ' ' ||
	                      vis[len - 1] == '`' || vis[len - 1] == ' ');
	for (size_t i = 0; i <= longest; i++)
		sb_putc(&b, '`');
	if (pad)
		sb_putc(&b, ' ');
	for (const char *p = vis; *p; p++) {
		if (in_table && *p == '|')
			sb_putc(&b, '\\');
		sb_putc(&b, *p);
	}
	if (pad)
		sb_putc(&b, ' ');
	for (size_t i = 0; i <= longest; i++)
		sb_putc(&b, '`');
	free(vis);
	return sb_finish(&b);
}

char *escape_url_path(const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");
	struct sbuf b = {0};
	char tmp[8];

	for (; *s; s++) {
		if ((*s >= 'A' && *s <= 'Z') || (*s >= 'a' && *s <= 'z') ||
		    (*s >= '0' && *s <= '9') || strchr("-._~/", *s)) {
			sb_putc(&b, (char)*s);
		} else {
			snprintf(tmp, sizeof tmp, "%%%02X", *s);
			sb_puts(&b, tmp);
		}
	}
	return sb_finish(&b);
}

bool escape_spreadsheet_needed(const char *s)
{
	char *e = escape_spreadsheet(s);
	bool changed = !e || strcmp(e, s ? s : "") != 0;

	free(e);
	return changed;
}

char *escape_spreadsheet(const char *s)
{
	struct sbuf t = {0}, b = {0};
	char *vis;

	put_terminal(&t, s);
	if (!(vis = sb_finish(&t)))
		return NULL;
	/* After the visible form a tab or CR is "\t" or "\r": only these
	 * can still start a formula. */
	if (vis[0] != '\0' && strchr("=+-@", vis[0]))
		sb_putc(&b, '\'');
	sb_puts(&b, vis);
	free(vis);
	return sb_finish(&b);
}

/* Where character k of s starts (UTF-8), or strlen(s). */
static size_t char_at(const char *s, size_t k)
{
	size_t at = 0;

	for (; s[at]; at++)
		if (((unsigned char)s[at] & 0xc0) != 0x80 && k-- == 0)
			break;
	return at;
}

char *cut_middle(const char *s, size_t max)
{
	size_t n = 0, keep = max > 3 ? max - 3 : 0, head, tail, len;
	char *t;

	for (const char *p = s; *p; p++)
		n += ((unsigned char)*p & 0xc0) != 0x80;
	if (n <= max)
		return strdup(s);
	head = char_at(s, (keep + 1) / 2);
	tail = char_at(s, n - keep / 2);
	len = strlen(s);
	if (!(t = malloc(head + 3 + (len - tail) + 1)))
		return NULL;
	memcpy(t, s, head);
	memcpy(t + head, "...", 3);
	memcpy(t + head + 3, s + tail, len - tail + 1);
	return t;
}

/* Letters of other alphabets that look like Latin ones, with the Latin
 * letter each passes for: Cyrillic and Greek, the ones a font draws
 * alike.  The one table of look-alikes (escape_skeleton). */
static const struct {
	uint16_t cp;
	char latin;
} confusables[] = {
    {0x0391, 'A'}, {0x0392, 'B'}, {0x0395, 'E'}, {0x0396, 'Z'}, {0x0397, 'H'},
    {0x0399, 'I'}, {0x039a, 'K'}, {0x039c, 'M'}, {0x039d, 'N'}, {0x039f, 'O'},
    {0x03a1, 'P'}, {0x03a4, 'T'}, {0x03a5, 'Y'}, {0x03a7, 'X'}, {0x03b1, 'a'},
    {0x03b9, 'i'}, {0x03ba, 'k'}, {0x03bd, 'v'}, {0x03bf, 'o'}, {0x03c1, 'p'},
    {0x03c5, 'u'}, {0x03c7, 'x'}, {0x0405, 'S'}, {0x0406, 'I'}, {0x0408, 'J'},
    {0x0410, 'A'}, {0x0412, 'B'}, {0x0415, 'E'}, {0x041a, 'K'}, {0x041c, 'M'},
    {0x041d, 'H'}, {0x041e, 'O'}, {0x0420, 'P'}, {0x0421, 'C'}, {0x0422, 'T'},
    {0x0423, 'Y'}, {0x0425, 'X'}, {0x0430, 'a'}, {0x0435, 'e'}, {0x043e, 'o'},
    {0x0440, 'p'}, {0x0441, 'c'}, {0x0443, 'y'}, {0x0445, 'x'}, {0x0455, 's'},
    {0x0456, 'i'}, {0x0458, 'j'}, {0x04bb, 'h'}, {0x04c0, 'I'}, {0x04cf, 'l'},
    {0x0501, 'd'}, {0x051b, 'q'}, {0x051d, 'w'},
};

/* The Latin letter cp passes for, or 0. */
static char confusable_of(uint32_t cp)
{
	size_t lo = 0, hi = sizeof confusables / sizeof confusables[0];

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (confusables[mid].cp == cp)
			return confusables[mid].latin;
		if (confusables[mid].cp < cp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

char *escape_skeleton(const char *str)
{
	const unsigned char *s = (const unsigned char *)(str ? str : "");
	struct sbuf b = {0};

	while (*s) {
		uint32_t cp;
		size_t n = utf8_decode(s, &cp);
		char latin = n ? confusable_of(cp) : 0;

		if (!n)
			n = 1, cp = *s;
		if (latin)
			sb_putc(&b, latin);
		else if (!(cp >= 0x80 && is_hidden(cp)))
			sb_putn(&b, (const char *)s, n);
		s += n;
	}
	return sb_finish(&b);
}
