# compare.gp: each candidate's net (a point) with its interval (a bar),
# the largest net on top, and net = 0 marked.
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, number of candidates, x range
#   1: one row per candidate: y, name, net, interval low, high (the
#      net itself where it has no interval)
#
# Draw:  gnuplot -d -c THIS.gp [svg|png|dumb] [OUTPUT]
# (svg by default; the output goes next to this file, dumb prints text).
# fixprice writes this file again when it draws the chart again: copy
# it under another name to keep a restyled version.  All text that came
# from users (titles, names) is read from the data file THIS.dat, as
# strings; none is in this script, which is the same for every chart of
# its kind.  Never pass those strings to eval or macro expansion.

set encoding utf8
term = ARGC >= 1 ? ARG1 : 'svg'
base = ARG0[1:strlen(ARG0) - 3]
# gnuplot reads a file name that starts with '<' or '|' as a command:
# keep every name a path.
if (base[1:1] ne '/' && base[1:1] ne '.') base = './' . base
data = base . '.dat'
out = ARGC >= 2 ? ARG2 : base . '.' . term
textmode = term eq 'dumb'

# Colours that survive grey-scale printing and colour blindness:
# accept blue, reject red, gain green, cost orange.
gain_color = '#1b7837'
cost_color = '#d95f02'
accept_color = '#2166ac'
reject_color = '#b2182b'
accept_fill = '#d1e5f0'
reject_fill = '#fddbc7'
ink = '#1a1a1a'
grid_color = '#e0e0e0'

stats data index 0 using (title = strcol(1), xlabel = strcol(2), \
	rows = int(column(3)), xmin = column(4), xmax = column(5), 0) nooutput
w = 900; h = 200 + 40 * rows
tw = 80; th = 12 + 3 * rows

if (!exists('w') || !exists('h')) exit error 'cannot read ' . data
# Fixed sizes and fonts, so the same data draws the same picture.
if (term eq 'svg') {
	set terminal svg size w, h fixed font 'sans-serif,12' noenhanced background '#ffffff'
} else { if (term eq 'png') {
	if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {
		set terminal pngcairo size w, h font 'sans-serif,10' noenhanced background '#ffffff'
	} else {
		set terminal png size w, h font 'sans-serif,10' noenhanced background '#ffffff'
	}
} else { if (textmode) {
	set terminal dumb size tw, th noenhanced
} else {
	exit error 'unknown terminal ' . term . ' (use svg, png or dumb)'
}}}
if (textmode && ARGC < 2) { set output } else { set output out }

tfit(s) = !textmode || strlen(s) <= tw - 2 ? s : s[1:tw - 5] . '...'
tbreak = textmode && strlen(title) > tw - 2 ? strstrt(title, ' -- ') : 0
if (tbreak > 1) {
	set title "\n"
	set label 100 tfit(title[1:tbreak - 1]) at screen 0.5, screen 1 center offset 0, -1 noenhanced front
	set label 103 tfit(title[tbreak + 4:]) at screen 0.5, screen 1 center offset 0, -2 noenhanced front
} else {
	set title ' ' font ',14'
	set label 100 tfit(title) at screen 0.5, screen 1 center offset 0, -1.3 font ',14' noenhanced front
}
set tmargin 5
set xlabel xlabel noenhanced
set xrange [xmin:xmax]
set yrange [0.3:rows + 0.7]
set ytics scale 0 noenhanced
set xtics nomirror
set border 1
if (!textmode) set grid xtics lc rgb grid_color
set key outside below center horizontal height 1.5
# Right of net = 0 the fix would be accepted, left of it rejected.
if (!textmode) {
	set object 1 rectangle from first 0, graph 0 to graph 1, graph 1 behind fc rgb '#eef5fb' fs solid 1 noborder
	set object 2 rectangle from graph 0, graph 0 to first 0, graph 1 behind fc rgb '#fdf0e8' fs solid 1 noborder
}
set arrow 1 from first 0, graph 0 to first 0, graph 1 nohead lc rgb reject_color lw 1.5 dt 2 front
set label 2 'accept' at graph 0.99, graph 0.97 right tc rgb accept_color front
set label 3 'reject' at graph 0.01, graph 0.97 left tc rgb reject_color front

plot data index 1 using (column(3)):(column(1)):(column(4)):(column(5)):ytic(2) \
		with xerrorbars pt 7 ps 1.5 lw 2 lc rgb ink title 'net and its interval'
