/* folder.h: a run that is a folder rather than a file: criterion.rs's
 * target/criterion, one benchmark per folder holding new/sample.json.
 *
 * Every other run is one input read once (util/source).  A folder is read
 * the same way file by file: each benchmark's new/benchmark.json and
 * new/sample.json through util/source, so the bytes parsed are the bytes
 * hashed, and the run's hash is the SHA-256 of the listing of those
 * hashes, "SHA256  RELATIVE/PATH\n" per file in byte order of the paths
 * (sha256sum's lines, so `sha256sum -c` checks them), which the record
 * keeps (run.h: files). */
#ifndef FP_RUN_FOLDER_H
#define FP_RUN_FOLDER_H

#include <stdbool.h>
#include <stddef.h>

#include "run/formats/formats.h"
#include "util/diag.h"

/* Most benchmarks in one folder run, the deepest benchmark folder, and
 * the longest baseline name. */
#define RUN_FOLDER_MAX 100000
#define RUN_FOLDER_DEPTH 4
#define RUN_FOLDER_NAME 255

struct run_folder {
	size_t n;
	struct fmt_bench *benches; /* n, in byte order of their folders */
	char **files; /* 2n or fewer listing lines (no newline), sorted */
	size_t nfiles;
	char sha256[65]; /* of the listing */
};

/* True if path names a folder (following a link), or is DIR@NAME for a
 * folder DIR (and names nothing itself): a criterion baseline. */
bool run_path_is_folder(const char *path);

/* Reads the criterion benchmarks under path: path itself, or path/criterion
 * when path is a cargo target folder; each benchmark's new/ (its last
 * run), or for DIR@NAME its baseline NAME/ (base, which each run saves
 * unless run with --baseline, or one saved by --save-baseline NAME); a file over cap bytes is refused,
 * and so is a folder of more than max benchmarks (RUN_FOLDER_MAX: a
 * parameter so that tests reach it).  Errors, "PATH: ...": a folder with
 * no NAME/new/sample.json in it, more than max benchmarks, a
 * folder that cannot be listed, a file's source_read error.  Caller frees
 * with run_folder_free (also after a failure). */
int run_folder_read(const char *path, size_t cap, size_t max,
                    struct run_folder *out, struct diag *d);
void run_folder_free(struct run_folder *f);

#endif
