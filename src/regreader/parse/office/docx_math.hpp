#pragma once
#include <pugixml.hpp>
#include <string>

namespace regreader::parse {

/// The text of a Word equation (m:oMath or m:oMathPara, Office Math Markup) written on one line
/// the way Word's own linear format writes it: `Q=U²/X_C`, `S≥(I_k√t)/C`, `∑_(i=1)^n P_i`.
/// Digits raised are written as superscripts (`mm²`), other raised or lowered parts after `^`
/// and `_`; a part of more than one symbol is bracketed. Lines of an equation array and
/// equations of one paragraph are separated by line breaks.
std::string omml_text(const pugi::xml_node& math);

}  // namespace regreader::parse
