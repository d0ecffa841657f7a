#!/usr/bin/env bash
# Writes tests/fixtures/formulas.pdf: a page of clauses with display formulas typeset by groff's
# eqn (fractions over a drawn bar: dP/dδ, (Pj − Pz)/Pz), an underlined phrase, a boxed table and a
# table under a single rule — an independent typesetter's layout of what standards print. The
# text is ours. Needs groff and ghostscript (ps2pdf), only to regenerate.
#   apt-get install groff ghostscript
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-tests/fixtures}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cat > "$tmp/formulas.ms" <<'MS'
.nr PS 11
.nr VS 14
.LP
.ce
\fBStability Calculation Guide\fP
.sp
.LP
\fB5 Static stability\fP
.LP
5.1 The static stability criteria are given by formula (1) or formula (2):
.EQ I (1)
{dP} over {d delta} > 0
.EN
.LP
or
.EQ I (2)
{dQ} over {dV} < 0
.EN
.LP
where P is the active power carried by the line, in MW; Q the reactive power, in Mvar;
delta the power angle of the generator, in degrees; V its terminal voltage, in kV.
.LP
5.2 The static stability margins are given by formula (3) and formula (4):
.EQ I (3)
K sub P = {P sub j - P sub z} over {P sub z} times 100%
.EN
.EQ I (4)
K sub V = {U sub z - U sub c} over {U sub z} times 100%
.EN
.LP
where Pj is the static stability limit and Pz the normal transfer power, in MW;
Uz the normal bus voltage and Uc the critical voltage, in kV.
.LP
5.3 In normal operation the margin KP shall be
.UL "not less than 15%"
and KV not less than 10%, as listed in Table 1.
.TS
center box;
c c
l n.
Margin	Lowest value
_
KP, normal operation	15%
KV, normal operation	10%
.TE
.LP
5.4 The distances of Table 2 apply to every voltage level.
.TS
center;
c c
n n.
Voltage (kV)	Distance (m)
_
10	0.70
35	1.00
.TE
MS
groff -ms -e -t -Tps "$tmp/formulas.ms" > "$tmp/formulas.ps"
ps2pdf "$tmp/formulas.ps" "$out/formulas.pdf"
echo "wrote $out/formulas.pdf"
