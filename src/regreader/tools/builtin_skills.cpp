// The skills that ship in the binary: one per workflow the tools support. They are SKILL.md
// texts, parsed like a user's (skills.cpp), so `regreader skills show NAME` prints a file a
// utility can copy to <data dir>/skills/<name>/SKILL.md and change.

#include "regreader/tools/skills.hpp"

namespace regreader::tools {

const std::vector<std::string>& builtin_skill_texts() {
  static const std::vector<std::string> texts = {
      R"(---
name: table-lookup
description: 查表中的数值（安全距离、电压等级、时限、数量），连同表下的注和跨页的续表
required_tools: [search_tables, get_table_by_id, lookup_annotation]
subagents: [table]
version: 1
tags: [表格, 数值, 注]
---
1. 用 search_tables 找到表（限定 reg_id）；题目给了表号（表1、表A.2）时直接用 get_table_by_id。
2. 用 get_table_by_id 读取整张表：跨页的续表已合并，逐行找到题目所问的那一行和那一列，
   数值连同单位照抄（0.70 m 不写成 0.7 米）。
3. 表中或表下出现“注1”“注①”“注：”时，用 lookup_annotation 查注的全文：注常常改变数值的适用条件。
4. 汇报：表号、所在页、行、列、数值和单位，以及相关的注。
)",
      R"(---
name: note-tracing
description: 追查条文或表格中的“注X”“见注1”，读出注的全文和它所限定的内容
required_tools: [lookup_annotation, read_page_range, resolve_reference]
subagents: [reference]
version: 1
tags: [注, 注释]
---
1. 用 lookup_annotation 查注的全文，给出 page_hint（注所在或被引用的页）以免取到别处同号的注。
2. 注里又有“见表Y”“见5.3.2”时，用 resolve_reference 跟过去。
3. 需要看注限定的是哪一条、哪一行时，用 read_page_range 读注所在的页。
4. 汇报：注号、全文、所在页，以及它限定的条款或表行。
)",
      R"(---
name: reference-following
description: 跟随条款号和交叉引用（见5.3.2、见表2、按附录A、第十二条），读出被引用处的原文
required_tools: [resolve_reference, read_page_range, lookup_annotation]
subagents: [reference]
version: 1
tags: [引用, 条款, 附录]
---
1. 用 resolve_reference 解析引用文字（原样传入“见表2”“5.3.2”“附录A”）；它给出目标所在页。
2. 用 read_page_range 阅读目标页，必要时连同前后一页，以读全条款。
3. 被引用处又有“注X”时用 lookup_annotation。
4. 汇报：引用了什么、目标的条款号和页码、原文要点。
)",
      R"(---
name: chapter-comparison
description: 比较两个章节、两部规程的同类条文，或找出相似的条文
required_tools: [compare_sections, find_similar_content, get_toc]
subagents: [discovery]
version: 1
tags: [比较, 相似]
---
1. 用 get_toc 确定要比较的章节号。
2. 用 compare_sections 并排阅读两个章节；要找相似条文时用 find_similar_content。
3. 汇报：相同点、不同点（数值、适用范围、程序），每条注明两边的出处。
)",
      R"(---
name: simple-search
description: 按主题检索规程条文（某项工作的要求、程序、规定），阅读命中的页
required_tools: [list_regulations, get_toc, smart_search, read_page_range]
subagents: [search]
version: 1
tags: [检索]
---
1. 不确定规程时先用 list_regulations；用 get_toc 看目录确定章节。
2. 用 smart_search 检索（限定 reg_id，必要时 chapter_scope），关键词用规程原文的说法。
3. 用 read_page_range 阅读命中页的全文，不只看摘要。
4. 汇报：条款号、页码和原文要求；找不到依据就说“未找到相关规定”并说明查过的范围。
)",
  };
  return texts;
}

}  // namespace regreader::tools
