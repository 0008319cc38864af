// dconv.cc: dconv.h's one function, the only C++ in fixprice.  Built
// without exceptions or RTTI and calling no allocator, so the C linker
// needs nothing of libstdc++ beyond what libdouble-conversion brings.
#include "util/dconv.h"

#include <double-conversion/double-to-string.h>

using double_conversion::DoubleToStringConverter;

int dconv_shortest(double x, char digits[18], int *point)
{
	bool sign;
	int len;

	DoubleToStringConverter::DoubleToAscii(
		x, DoubleToStringConverter::SHORTEST, 0, digits, 18, &sign,
		&len, point);
	return len;
}
