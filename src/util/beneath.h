/* beneath.h: a path opened only below a folder, never out of it.
 *
 * For inputs named by data (a record verify checks): every component of
 * the path, and of every symbolic link met on the way, resolves below the
 * folder root.  openat2's RESOLVE_BENEATH does it where the kernel has it;
 * elsewhere (ENOSYS) each component is opened with openat and O_NOFOLLOW,
 * a link read and walked in its place, with the same outcomes: ".." above
 * root and an absolute link are refused at once, so the error does not
 * depend on what lies outside. */
#ifndef FP_UTIL_BENEATH_H
#define FP_UTIL_BENEATH_H

/* Opens rel (a relative path; "" or "." is root itself) below the folder
 * open at root with flags (open(2)'s, O_CREAT never), following links that
 * stay below it.  The descriptor, or -1 with errno: EXDEV when the path or
 * a link on it leads out of root (by "..", or an absolute link), ELOOP
 * for more than 40 links, otherwise as openat. */
int beneath_open(int root, const char *rel, int flags);

/* The same, always by the component walk (tests hold it to openat2). */
int beneath_walk(int root, const char *rel, int flags);

#endif
