#pragma once
// Fractions of a display formula as a PDF lays them out: the numerator above a drawn bar, the
// denominator below it, the rest of the formula on the bar's height between them (GB 38755's
// `K_P = (P_j − P_z)/P_z × 100%`). Read by baselines, the three are three lines: the numerator
// joins the formula's line (`KP=Pj−Pz×100%`) and the denominator becomes a line of its own
// (`Pz`) — a formula silently wrong.

#include <vector>

#include "regreader/parse/pdf/pdf_layout.hpp"

namespace regreader::parse {

/// Joins each fraction of a text-layer page into one run of characters on its formula's line,
/// written linearly as Word's linear format writes it, `dP/dδ`, `(Pj−Pz)/Pz` (a part with an
/// operator in brackets), and drops its bar from `rules` (no table border). A fraction is a
/// short horizontal rule that meets no other rule, with a run of characters just above it and
/// one just below, within its length and with nothing beside them on their lines, and a
/// character of the formula's line across its height beside it (`=`, `>`, `×`). Underlines,
/// table borders and rules between paragraphs are none.
void join_fractions(std::vector<PdfChar>& chars, std::vector<PdfRule>& rules);

}  // namespace regreader::parse
