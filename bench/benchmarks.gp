# bench/benchmarks.gp: docs/benchmarks.svg, from the data bench/report.py writes: above, the ratio
# to reading the bytes per corpus (a row per corpus, a column per benchmark); below, per probe
# row, ftpuri's operations and the invalid twin against reading up to its error plus 64 bytes.
# "?" where none ran. bench/run.sh runs it:
#
#     gnuplot -e "datafile='chart.dat'; outfile='docs/benchmarks.svg'" bench/benchmarks.gp
#
# Log scale: the ratios run from about 0.1 (validate on plain paths) to over 10 (the peers), and
# a linear axis would flatten every ftpuri bar. noenhanced: the labels hold underscores.
set terminal svg size 1400,1300 noenhanced font "sans,13" background rgb "white"
set output outfile
set multiplot layout 2,1

set ylabel "ratio to reading the bytes (log scale)"
set logscale y
set yrange [0.05:*]
set grid ytics mytics
set key below horizontal maxcols 3 Left reverse noautotitle
set datafile missing "?"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border rgb "#404040"
set boxwidth 0.9
set xtics nomirror scale 0
set ytics nomirror
set rmargin 9

# Reading the bytes is 1; the targets are 1.5x (validate on ~70 bytes; 1x on ~1 KB paths),
# 2x (parse), 3x (canonicalize).
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead dt 2 lw 1.5 lc rgb "black" front
set arrow 2 from graph 0, first 3 to graph 1, first 3 nohead dt 3 lw 1 lc rgb "#a00000" front
set label 1 "reading" at graph 1.01, first 1 left font ",11"
set label 2 "3x" at graph 1.01, first 3 left font ",11" tc rgb "#a00000"

# ftpuri's three operations in blues, then the peers.
colors = "#08519c #3182bd #9ecae1 #e6550d #31a354 #a1d99b #756bb1 #969696"

set title "Time per corpus as a multiple of reading its bytes (median CPU time; lower is faster)"
# One cluster per corpus at x = 0, 1, ...: no empty cluster's width on either side.
stats datafile index 0 using 2 every ::1 nooutput
set xrange [-0.55:STATS_records - 0.45]
plot for [i=2:9] datafile index 0 using i:xtic(1) title columnheader(i) lc rgb word(colors, i - 1)

set title "Probe rows: ~1 KB paths, one feature per 8-letter segment\n(the invalid twin against reading up to its error + 64 B)"
stats datafile index 1 using 2 every ::1 nooutput
set xrange [-0.55:STATS_records - 0.45]
set xtics rotate by -45
set yrange [0.05:*]
probe_colors = "#08519c #3182bd #9ecae1 #d62728"
plot for [i=2:5] datafile index 1 using i:xtic(1) title columnheader(i) lc rgb word(probe_colors, i - 1)

unset multiplot
