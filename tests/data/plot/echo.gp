# echo.gp: prints the first string field of each line of the data file
# ARG1 as gnuplot reads it, one a line (then an empty line), so tests can
# check that gnuplot decodes gp_string() back to the original text.
# Usage: gnuplot -d -c echo.gp FILE
set encoding utf8
s = ""
stats ARG1 using (s = s . strcol(1) . "\n", 0) nooutput
set print '-'
print s
