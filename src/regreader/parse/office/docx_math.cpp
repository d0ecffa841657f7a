#include "regreader/parse/office/docx_math.hpp"

#include <algorithm>
#include <cstring>
#include <string_view>

#include "regreader/core/text.hpp"

// No library reads Office Math into text (pandoc does, in Haskell): the linear form below follows
// the few rules of Word's own linear format that a reader of a regulation needs.
namespace regreader::parse {

namespace {

std::string math_text(const pugi::xml_node& node);

std::string children_text(const pugi::xml_node& node) {
  std::string out;
  for (auto child : node.children())
    out += math_text(child);
  return out;
}

std::string part(const pugi::xml_node& node, const char* name) {
  return children_text(node.child(name));
}

// An operand is bracketed when it holds an operator or a space: `U²/X_C`, `(I_k√t)/C`, `10^(-3)`.
std::string operand(const std::string& s) {
  static const std::u32string kOperators =
      U" +-\u2212=\u00d7\u00b7/\u2265\u2264<>\u00b1\u221a\u2211\u222b,\uff0c";
  const bool plain = std::ranges::none_of(
      text::to_u32string(s), [](char32_t c) { return kOperators.find(c) != std::u32string::npos; });
  return plain ? s : "(" + s + ")";
}

std::string raised(const std::string& s) {
  static const char* const kDigits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  if (s.empty()) return s;
  if (!std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c); }))
    return "^" + operand(s);
  std::string out;
  for (char c : s)
    out += kDigits[c - '0'];
  return out;
}

std::string lowered(const std::string& s) {
  return s.empty() ? s : "_" + operand(s);
}

// A property such as m:naryPr/m:chr: its m:val, `fallback` when the property is not written.
std::string property(const pugi::xml_node& node, const char* props, const char* name,
                     const char* fallback) {
  auto p = node.child(props).child(name);
  if (!p) return fallback;
  return p.attribute("m:val").value();
}

std::string joined(const pugi::xml_node& node, const char* name, std::string_view sep) {
  std::string out;
  bool first = true;
  for (auto child : node.children(name)) {
    if (!first) out += sep;
    out += children_text(child);
    first = false;
  }
  return out;
}

std::string nary(const pugi::xml_node& node) {
  std::string out = property(node, "m:naryPr", "m:chr", "∫");
  const std::string limits = lowered(part(node, "m:sub")) + raised(part(node, "m:sup"));
  out += limits;
  if (!limits.empty()) out += " ";
  return out + part(node, "m:e");
}

std::string radical(const pugi::xml_node& node) {
  const std::string degree = part(node, "m:deg"), body = part(node, "m:e");
  if (degree.empty()) return "√" + operand(body);
  return "√[" + degree + "](" + body + ")";
}

std::string delimited(const pugi::xml_node& node) {
  return property(node, "m:dPr", "m:begChr", "(") +
         joined(node, "m:e", property(node, "m:dPr", "m:sepChr", "|")) +
         property(node, "m:dPr", "m:endChr", ")");
}

std::string math_text(const pugi::xml_node& node) {
  const std::string_view name = node.name();
  if (name == "m:t") return node.text().get();
  if (name.size() > 2 && name.substr(name.size() - 2) == "Pr") return "";  // m:rPr, m:fPr, w:rPr
  if (name == "m:f") return operand(part(node, "m:num")) + "/" + operand(part(node, "m:den"));
  if (name == "m:sSup") return part(node, "m:e") + raised(part(node, "m:sup"));
  if (name == "m:sSub") return part(node, "m:e") + lowered(part(node, "m:sub"));
  if (name == "m:sSubSup")
    return part(node, "m:e") + lowered(part(node, "m:sub")) + raised(part(node, "m:sup"));
  if (name == "m:sPre")
    return lowered(part(node, "m:sub")) + raised(part(node, "m:sup")) + part(node, "m:e");
  if (name == "m:rad") return radical(node);
  if (name == "m:nary") return nary(node);
  if (name == "m:d") return delimited(node);
  if (name == "m:limLow") return part(node, "m:e") + lowered(part(node, "m:lim"));
  if (name == "m:limUpp") return part(node, "m:e") + "^" + operand(part(node, "m:lim"));
  if (name == "m:acc") return part(node, "m:e") + property(node, "m:accPr", "m:chr", "\u0302");
  if (name == "m:eqArr") return joined(node, "m:e", "\n");
  if (name == "m:m") {
    std::string out;
    for (auto row : node.children("m:mr"))
      out += (out.empty() ? "" : "; ") + joined(row, "m:e", " ");
    return "[" + out + "]";
  }
  return children_text(node);  // m:r, m:e, m:num, m:func, m:bar, m:box, m:groupChr …
}

}  // namespace

std::string omml_text(const pugi::xml_node& math) {
  if (std::strcmp(math.name(), "m:oMathPara") == 0) return joined(math, "m:oMath", "\n");
  return math_text(math);
}

}  // namespace regreader::parse
