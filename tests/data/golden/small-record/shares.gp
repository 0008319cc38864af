# shares.gp: where net comes from: the shares of gain adding up to
# the gain, the shares of cost taking from it down to net, as a
# waterfall (top to bottom).
# Data blocks (separated by two blank lines):
#   0: title, x-axis label, number of bars, net, what the names
#      leave out ("" for nothing)
#   1: one row per bar: y, label, from, to, kind (0 adds to net,
#      1 takes from it, 2 a total), value label
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
	rows = int(column(3)), net = column(4), names = strcol(5), 0) nooutput
w = 900; h = 190 + 26 * rows
tw = 80; th = 14 + 2 * rows

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

net_color = net < 0 ? reject_color : accept_color
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
set xlabel xlabel noenhanced
if (strlen(names) > 0) set ylabel names noenhanced
set yrange [0.3:rows + 0.7]
set ytics scale 0 noenhanced
set xtics nomirror
set border 1 + 2
set offsets graph 0.12, graph 0.12, 0, 0
if (!textmode) set grid xtics lc rgb grid_color
set xzeroaxis
set yzeroaxis lt 1 lc rgb '#555555' lw 1
set key outside below center horizontal height 1.5
set style fill solid 0.9 border lc rgb '#555555'
lo(k) = column(5) == k ? (column(3) < column(4) ? column(3) : column(4)) : NaN
hi(k) = column(5) == k ? (column(3) < column(4) ? column(4) : column(3)) : NaN

plot data index 1 using (NaN):1:ytic(2) with points notitle, \
	data index 1 using (0):1:(lo(0)):(hi(0)):(column(1) - 0.35):(column(1) + 0.35) \
		with boxxyerror lc rgb gain_color title 'adds to net', \
	data index 1 using (0):1:(lo(1)):(hi(1)):(column(1) - 0.35):(column(1) + 0.35) \
		with boxxyerror lc rgb cost_color title 'takes from net', \
	data index 1 using (0):1:(lo(2)):(hi(2)):(column(1) - 0.4):(column(1) + 0.4) \
		with boxxyerror lc rgb net_color title 'gain, net', \
	data index 1 using (column(3) < column(4) ? column(4) : column(3)):1:6 \
		with labels left offset char 0.6, 0 noenhanced notitle
