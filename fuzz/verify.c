/* verify.c: fuzzes `fixprice verify` over mutated records: the input is a
 * record's decision.json, read back (report/record.c), its invocation
 * taken as options (cmd/invocation.c), its inputs looked up by base name
 * in the scratch folder (--inputs: before.csv and after.csv, runs with
 * samples, written once) within verify's bounds (util/source.h), priced
 * and judged again through the frame, and compared.  --bootstrap 200 keeps
 * an execution short whatever the record asks; the output goes to
 * /dev/null, an error through fuzz_print. */
#include "fuzz.h"

#include <stdlib.h>
#include <string.h>

#include "cmd/command.h"

/* tests/data/noise/guard-{before,after}.csv: three samples a case, so
 * the bootstrap runs and the verdict has an interval. */
static const char before_csv[] =
    "case,repetition,runtime,passed,ref_runtime\na,1,1.96,pass,2\nb,1,3.92,fail,2\n"
    "c,1,0.98,pass,2\nd,1,4.9,pass,4\na,2,2,pass,2\n"
    "b,2,4,fail,2\nc,2,1,pass,2\nd,2,5,pass,4\n"
    "a,3,2.04,pass,2\nb,3,4.08,fail,2\nc,3,1.02,pass,2\n"
    "d,3,5.1,pass,4\n";
static const char after_csv[] =
    "case,repetition,runtime,passed,ref_runtime\na,1,3.92,pass,2\nb,1,1.96,pass,2\n"
    "c,1,0.98,pass,2\nd,1,3.92,fail,4\na,2,4,pass,2\n"
    "b,2,2,pass,2\nc,2,1,pass,2\nd,2,4,fail,4\n"
    "a,3,4.08,pass,2\nb,3,2.04,pass,2\nc,3,1.02,pass,2\n"
    "d,3,4.08,fail,4\n";

FUZZ_TARGET(verify)
{
	static char dir[128];
	const char *rec = fuzz_scratch("decision.json");
	struct cmd_call call;
	struct diag d = {0};
	int status;

	if (!dir[0]) {
		const char *b = fuzz_scratch("before.csv");
		fuzz_write(b, (const uint8_t *)before_csv,
		           sizeof before_csv - 1);
		fuzz_write(fuzz_scratch("after.csv"),
		           (const uint8_t *)after_csv, sizeof after_csv - 1);
		snprintf(dir, sizeof dir, "%.*s", (int)(strrchr(b, '/') - b),
		         b);
	}
	fuzz_write(rec, data, size);
	{
		char v[] = "verify", in[] = "--inputs", o[] = "-o",
		     null[] = "/dev/null", b[] = "--bootstrap", n[] = "200",
		     f[] = "--force";
		char *argv[] = {v,    (char *)rec, in, dir, o,
		                null, b,           n,  f,   NULL};
		if (cmd_parse(&cmd_verify, 9, argv, &call, &status) == FP_OK &&
		    pricing_run(&call, &d) != FP_OK)
			fuzz_print(&d);
		cmd_call_free(&call);
	}
	return 0;
}
