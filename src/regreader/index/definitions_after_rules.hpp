#pragma once
// A question about what to do ("新能源场站要不要能调无功", "频率稳不稳 按啥来判断") shares its
// subject's words with the subject's definition in the terms chapter (2.11 新能源场站) as much as
// with the clause that answers it. A definition says what a thing is, never what to do with it:
// for such a question it comes after the rule. A question about what a thing is ("啥样的设备
// 算运用中的") keeps the definition where it ranks.

#include <string>
#include <vector>

#include "regreader/index/search_filter.hpp"

namespace regreader::index {

/// Where standards define their terms: the chapter "术语和定义" (or "术语").
inline constexpr const char* kTermsChapter = "术语";

/// True when the question asks whether or how to act (要不要, 能不能, 可不可以, 允不允许,
/// 该不该, 咋办, 怎么办, 按啥) and not what a word means (定义, 意思, 是指, 啥叫): a rule
/// answers it, not a definition.
bool asks_what_to_do(const std::string& question);

/// `hits` with each hit under a terms chapter (术语, 术语和定义) behind the next hit that is not.
std::vector<SearchHit> definitions_after_rules(std::vector<SearchHit> hits);

}  // namespace regreader::index
