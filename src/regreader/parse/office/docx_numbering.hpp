#pragma once
// Word's automatic numbering (word/numbering.xml): the "5.2.2", "a)" or "一、" that Word draws in
// front of a paragraph is not in the paragraph's text, so it is rendered here from the numbering
// definitions and the running counters, as Word does, and put back in front of the text.

#include <pugixml.hpp>

#include <map>
#include <string>
#include <vector>

namespace regreader::parse {

class DocxNumbering {
 public:
  DocxNumbering() = default;
  /// Reads the w:abstractNum and w:num definitions of numbering.xml.
  explicit DocxNumbering(const pugi::xml_document& numbering);

  /// Advances the counter of (num_id, level), resets deeper levels, and returns the label Word
  /// shows ("5.2.2", "a)", "一、"); empty for bullets and unknown ids.
  std::string next_label(const std::string& num_id, int level);

 private:
  struct Level {
    std::string format = "decimal";  ///< w:numFmt
    std::string text;                ///< w:lvlText, "%1.%2"
    int start = 1;
  };
  struct Instance {
    std::string abstract_id;
    std::map<int, int> start_override;
  };
  std::map<std::string, std::map<int, Level>> abstract_;
  std::map<std::string, Instance> nums_;
  std::map<std::string, std::vector<int>> counters_;  ///< per abstract numbering, like Word
};

/// Formats a counter in a Word number format (decimal, lowerLetter, upperRoman, chineseCounting,
/// decimalEnclosedCircle, …).
std::string format_word_number(int value, const std::string& format);

}  // namespace regreader::parse
