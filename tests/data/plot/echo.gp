# echo.gp: prints the first string field of the data file ARG1 as gnuplot
# reads it, so tests can check that gnuplot decodes gp_string() back to the
# original text.  Usage: gnuplot -d -c echo.gp FILE
set encoding utf8
stats ARG1 using (s = strcol(1), 0) nooutput
set print '-'
print s
