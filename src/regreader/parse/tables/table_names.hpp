#pragma once
// Names for tables printed without a `表N` caption, as utilities' Word exports print them: under
// a lead-in line (`各电池簇的告警阈值如下：`) or with nothing but a header row. A worker asks for
// such a table by those words, never by the `T3` the store numbers it with.

#include <string>
#include <vector>

#include "regreader/model/table_meta.hpp"
#include "regreader/parse/structure/block_classifier.hpp"

namespace regreader::parse {

/// The name a lead-in line gives the table after it, or "" when the line does not read as a
/// caption: it ends in `：`, is one short clause (no `，`/`；`/`。` in it) and names something
/// once its `如下`/`见下表` tail and a leading clause number are taken off.
/// `各电池簇的告警阈值如下：` → 各电池簇的告警阈值; `见下表：` → "".
std::string lead_in_name(const std::string& line);

/// A chapter's title as the name of the table the chapter opens with (`作业步骤及标准`); "" when
/// the title is a sentence (a clause that happens to be followed by a table).
std::string heading_name(const std::string& title);

/// A header row as a name (`巡视项目/周期/责任人`): "" when the first row has fewer than two
/// filled cells or holds figures only.
std::string header_name(const model::TableMeta& t);

/// A bare continuation caption (`续表`, `续表：`, `（续）`, `续上表`): the table after it
/// continues the one before it. `续表3` is not bare: its number says which table it continues.
bool bare_continuation(const std::string& line);

/// Gives every uncaptioned table in `blocks` (in reading order, captions attached) a name: the
/// title of the chapter it opens on its page, else the lead-in line right before it on its page
/// or at the foot of the page before, else its header.
void name_untitled_tables(std::vector<ClassifiedBlock>& blocks);

}  // namespace regreader::parse
