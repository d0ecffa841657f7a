#include "regreader/index/question_terms.hpp"

#include <algorithm>
#include <set>
#include <sstream>

#include "regreader/core/regex.hpp"
#include "regreader/core/text.hpp"
#include "regreader/core/words.hpp"

namespace regreader::index {

namespace {

// What makes a query a question. Framing words (根据, 按照) count: "根据消防法 单位责任" is a
// sentence, not a keyword list.
// The measure words a count is asked with after 几 (几台, 几张, 几项): part of the asking.
#define REGREADER_MEASURE_WORDS "年个天次月种类名级座台根处块张条项组份道遍回步层把只节片段"

const Regex& question_marker() {
  static const Regex re(
      "[？?]|吗|呢|什么|啥|咋|谁|多少|多久|多长|多大|多高|多远|多深|多宽|多粗|哪[些个种一里类儿]|"
      "如何|"
      "怎样|"
      "怎么|为何|为什么|是否|能否|能不能|要不要|会不会|可不可以|有没有|是不是|行不行|该不该|还是|"
      "下列|以下|请问|定义|含义|概念|是指|何谓|"
      "几[" REGREADER_MEASURE_WORDS
      "人米]|"
      "根据|按照|依据|依照|"
      "的规定|的要求|有何");
  return re;
}

// "什么是X", "何谓X", "X的定义(是什么)", "X是指什么", "X的含义": X is the term asked about; 啥
// stands for 什么 as workers say it ("啥叫X", "X是啥意思"). Where the asking is led by a sentence
// naming the term ("说一个开关是死开关 是啥意思", "这种票是第二种票是啥意思"), the term is
// what follows the sentence's last 是 or blank: the rest says where the word was heard.
bool definition_term(const std::string& q, std::string& term) {
  static const Regex what_is("^(?:请问)?(?:(?:什么|啥)(?:是|叫做?)|何谓|何为)(.+)$");
  static const Regex defined("^(.+?)的?(?:定义|含义|概念)(?:是什么|是啥|是|为)?$");
  static const Regex refers("^(.+?)(?:是指|指的是|是?(?:什么|啥)意思)(?:什么|啥|哪些.*)?$");
  if (RE2::FullMatch(q, what_is, &term) || RE2::FullMatch(q, defined, &term)) return true;
  if (!RE2::FullMatch(q, refers, &term)) return false;
  static const Regex named_last("^.*(?:是|\\s)(\\S{2,})\\s*$");
  std::string last;
  if (RE2::FullMatch(term, named_last, &last)) term = last;
  return true;
}

// Words that carry the question, not its subject: question words, exam framing, modal verbs and
// particles. A dictionary word is dropped only when it is one of these as a whole (应急 stays).
const std::set<std::string>& stop_words() {
  static const std::set<std::string> words = {
      "的", "得", "了", "吗", "呢", "啊", "吧", "么", "是", "为", "在", "对", "和", "与", "及",
      "或", "中", "时", "后", "应", "应当", "应该", "需", "需要", "须", "必须", "可以", "可", "能",
      "能否", "要", "会", "有", "哪些", "哪个", "哪种", "哪", "什么", "多少", "多久", "多长", "长",
      "多", "几", "怎样", "怎么", "如何", "为什么", "为何", "是否", "请问", "下列", "以下", "关于",
      "说法", "表述", "选项", "正确", "错误", "不正确", "的是", "规定", "要求", "根据", "按照",
      "依据", "依照", "其", "该", "这", "那", "哪里", "谁", "由", "被", "将", "指", "是指", "称",
      "叫", "问", "呀", "有何", "定义", "含义", "概念",
      // A worker's spoken framing: who asks, fillers and vague quantities.
      "我", "我们", "咱", "咱们", "俺", "你", "他们", "就是", "个", "些", "一下", "到底", "都",
      "还", "也", "那个", "这个", "里", "里面", "的话", "哦", "嘛", "平时",
      // Connectives the dictionary reads as words (还有 抢修单, 除了 电流回路, 都有 哪几种).
      "还有", "都有", "都要", "除了", "为了"};
  return words;
}

bool single_han(const std::string& w) {
  const auto cps = text::to_codepoints(w);
  return cps.size() == 1 && text::is_han(cps[0]);
}

// A lone numeral counts what follows it (一分钟, 两张): it never ends the word before it.
bool numeral(const std::string& w) {
  return text::parse_number(w).value_or(0) > 0;
}

// Kept words, with dictionary leftovers joined: a run of two or more single characters is one
// word (倒|闸 -> 倒闸, 暂|态 -> 暂态), a lone single character joins the kept word before it
// (操作|票 -> 操作票), or else leads the kept word after it (不|填写 -> 不填写), or else stays a
// word of its own: a reduction drops question words and particles, never content. `kept[i]` is
// false for a dropped word, which separates runs. 地 is no particle here: it is the 地 of 接地,
// 地线 and 地刀, which the dictionary splits into single characters.
std::vector<std::string> join_words(const std::vector<std::string>& words,
                                    const std::vector<bool>& kept) {
  std::vector<std::string> out;
  for (size_t i = 0; i < words.size();) {
    if (!kept[i]) {
      ++i;
      continue;
    }
    if (!single_han(words[i])) {
      out.push_back(words[i++]);
      continue;
    }
    const size_t start = i;
    std::string run;
    for (; i < words.size() && kept[i] && single_han(words[i]); ++i)
      run += words[i];
    if (i - start >= 2)
      out.push_back(run);
    else if (numeral(run)) {  // 按压|一|分钟 -> 一分钟; 走开|一|(会) -> 走开: a count of nothing
      if (i < words.size() && kept[i]) out.push_back(run + words[i++]);
    } else if (start > 0 && kept[start - 1] && !out.empty())
      out.back() += run;
    else if (i < words.size() && kept[i])  // 不|填写 -> 不填写: it leads the next word
      out.push_back(run + words[i++]);
    else  // a character alone between dropped words is still content: 挂 of "挂和拆"
      out.push_back(run);
  }
  return out;
}

std::string strip_edges(std::string s) {
  static const Regex edges("^(?:的|之)+|(?:的|之)+$");
  RE2::GlobalReplace(&s, edges, "");
  return s;
}

// True when `word` holds one of `whole` that `part` (a piece of it) does not.
bool loses_whole_word(const std::string& word, const std::string& part,
                      const std::vector<std::string>& whole) {
  return std::any_of(whole.begin(), whole.end(), [&](const std::string& w) {
    return word.find(w) != std::string::npos && part.find(w) == std::string::npos;
  });
}

// The words joined by spaces, each without a leading or trailing 的/之 unless that is part of a
// whole word (新来的).
std::string join(const std::vector<std::string>& words,
                 const std::vector<std::string>& whole = {}) {
  std::string out;
  for (const auto& w : words) {
    std::string stripped = strip_edges(w);
    if (loses_whole_word(w, stripped, whole)) stripped = w;
    out += (out.empty() ? "" : " ") + stripped;
  }
  return out;
}

// Question phrases: blanked before the dictionary sees them (it takes 几个人 or 多少米 for one
// word).
const Regex& asking() {
  static const Regex re(
      "多长时间|(?:几[个名位]?|多少)人|多少[个名位台张座根处块条项组份道遍回次]?|多久|多长|多大|"
      "多高|多远|多深|多宽|多粗|"
      "几[" REGREADER_MEASURE_WORDS
      "位]?|哪[些个种类里儿]?|什么|"
      "啥样|啥时候|啥|如何|怎样|怎么办|怎么|咋办|"
      "咋弄|咋整|咋|谁来|谁|是否|能否|能不能|要不要|会不会|可不可以|有没有|是不是|行不行|该不该|"
      "还是|请问|"
      "吗|呢|嘛");
  return re;
}
#undef REGREADER_MEASURE_WORDS

// The A-not-A question (允不允许, 算不算, 停不停电): a Han character, 不, the same character.
// RE2 has no back-references, so the repeat is found here. Returns the position of the first
// character of the first such form, or npos.
size_t a_not_a_at(const std::u32string& cps) {
  for (size_t i = 0; i + 2 < cps.size(); ++i)
    if (cps[i + 1] == U'不' && cps[i] == cps[i + 2] && cps[i] != U'不' && text::is_han(cps[i]))
      return i;
  return std::u32string::npos;
}

// Each A-not-A form left once the question words are blanked (能不能 and 要不要 are) asked as
// the affirmative: 允不允许 -> 允许, 算不算违法 -> 算违法, 停不停电 -> 停电.
std::string fold_a_not_a(const std::string& q) {
  std::u32string cps = text::to_u32string(q);
  for (size_t at = a_not_a_at(cps); at != std::u32string::npos; at = a_not_a_at(cps))
    cps.erase(at + 1, 2);
  return text::from_codepoints({cps.begin(), cps.end()});
}

std::string blank_asking(std::string s) {
  RE2::GlobalReplace(&s, asking(), " ");
  s = fold_a_not_a(s);
  // A particle left alone between blanks is no content: "是 的" of "…是怎样的".
  static const Regex lone("(^|\\s)(?:的|了|是|吧|啊|呀|么)+(\\s|$)");
  while (RE2::GlobalReplace(&s, lone, " ") > 0) {
  }
  static const Regex spaces("\\s+");
  RE2::GlobalReplace(&s, spaces, " ");
  return text::trim(s);
}

// Words that ask when they stand alone ("要报的时间", "多长时间") and are content when a content
// word leads them: 受令时间, 有效时间 and 保存期限 are what the regulation titles its clause with.
bool asks_alone(const std::string& word) {
  static const std::set<std::string> words = {"时间", "年限", "期限"};
  return words.count(word) > 0;
}

// The dictionary's words of `piece`, with each run of them that spells one of `whole` exactly
// (starts and ends on their boundaries) merged into one word, marked in `is_whole`. A whole word
// the dictionary reads inside a longer one (开关 of 隔离开关) is left to that word.
std::vector<std::string> split_keeping(const std::string& piece,
                                       const std::vector<std::string>& whole,
                                       std::vector<bool>& is_whole) {
  std::vector<std::string> words = text::split_words(piece);
  is_whole.assign(words.size(), false);
  if (whole.empty()) return words;
  std::vector<std::string> out;
  std::vector<bool> out_whole;
  for (size_t i = 0; i < words.size();) {
    // The longest run from word i that is a whole word.
    size_t end = i;
    std::string run;
    for (size_t j = i; j < words.size(); ++j) {
      run += words[j];
      if (std::find(whole.begin(), whole.end(), run) != whole.end()) end = j + 1;
    }
    if (end == i || end == i + 1) {
      out.push_back(words[i]);
      out_whole.push_back(end == i + 1);
      ++i;
      continue;
    }
    std::string merged;
    for (size_t k = i; k < end; ++k)
      merged += words[k];
    out.push_back(std::move(merged));
    out_whole.push_back(true);
    i = end;
  }
  is_whole = std::move(out_whole);
  return out;
}

std::vector<std::string> content_words(std::string s, const std::vector<std::string>& whole) {
  RE2::GlobalReplace(&s, asking(), " ");
  s = fold_a_not_a(s);
  // Word by word, each knowing whether a blank (a question word blanked) comes right before it.
  std::vector<std::string> words;
  std::vector<bool> after_blank, is_whole;
  std::istringstream pieces(s);
  for (std::string piece; pieces >> piece;) {
    std::vector<bool> piece_whole;
    auto piece_words = split_keeping(piece, whole, piece_whole);
    for (size_t i = 0; i < piece_words.size(); ++i) {
      words.push_back(std::move(piece_words[i]));
      after_blank.push_back(i == 0);
      is_whole.push_back(piece_whole[i]);
    }
  }
  std::vector<bool> kept(words.size());
  for (size_t i = 0; i < words.size(); ++i)
    kept[i] = is_whole[i] || (stop_words().count(words[i]) == 0 &&
                              (!asks_alone(words[i]) || (!after_blank[i] && kept[i - 1])));
  return join_words(words, kept);
}

// What a question asks for, as the words a regulation titles that section with: a worker asks
// "多久做一次试验", the standard's table is headed 试验周期; "有哪几种票" is answered under
// 工作票种类, "会受啥处罚" under 罚则 or 法律责任, "这些叫法" in an appendix of 设备俗称.
std::string topic_words_of(const std::string& q) {
  struct Topic {
    Regex asking;
    const char* words;
  };
  static const Topic topics[] = {
      {Regex("(?:多久|多长时间|隔多长|每隔多).{0,8}一次"), "周期"},
      {Regex("(?:几|哪几|哪些)(?:种|类)|分(?:几|哪)"), "种类 分类"},
      {Regex("(?:负|担)(?:啥|什么|哪些)责|负责(?:啥|什么|哪些)|管(?:啥|什么|哪些)|干(?:啥|什么)的"),
       "职责"},
      {Regex("处罚|罚款|受罚|被罚|罚多少|追责|后果"), "罚则 法律责任"},
      {Regex("叫法|俗称|土话|俗话"), "俗称"},
      {Regex("讲究|规矩"), "原则"},
      // A measure asked for by its question word ("测风塔要立多高", "接地网埋多深"): the
      // regulation states it by the measure's name (高度, 深度). Not 多远 -> 距离: distances
      // (安全距离) are in most clauses of a safety rule and mark no section (the second workers'
      // set: hit@5 0.925 -> 0.919 with it, two questions gaining a place, one losing four).
      {Regex("多高"), "高度"},
      {Regex("多宽|最窄"), "宽度"},
      {Regex("多深"), "深度"},
      {Regex("多粗"), "截面"},
      {Regex("多长(?:$|[^时])"), "长度"},
      {Regex("(?:几|多少)[座台根处块]"), "数量"},
      // A head count ("倒闸要几个人", "改定值要几个人"): rules state it as 两人 / 二人 or 人数.
      {Regex("(?:几[个名位]?|多少)人"), "人数 两人 二人"},
  };
  std::string out;
  for (const auto& t : topics)
    if (RE2::PartialMatch(q, t.asking)) out += (out.empty() ? "" : " ") + std::string(t.words);
  return out;
}

// The runs of Han characters each question word follows (asked_about in QuestionTerms).
std::vector<std::string> asked_about_of(const std::string& q) {
  std::vector<std::string> out;
  re2::StringPiece rest(q);
  re2::StringPiece found;
  size_t from = 0;  // where the text after the last question word starts
  while (asking().Match(rest, 0, rest.size(), RE2::UNANCHORED, &found, 1)) {
    const auto at = static_cast<size_t>(found.data() - q.data());
    const auto before = text::to_codepoints(std::string_view(q).substr(from, at - from));
    size_t start = before.size();
    while (start > 0 && text::is_han(before[start - 1]))
      --start;
    if (start < before.size())
      out.push_back(text::from_codepoints(
          {before.begin() + static_cast<std::ptrdiff_t>(start), before.end()}));
    from = at + found.size();
    if (found.empty() || from >= q.size()) break;
    rest = re2::StringPiece(q.data() + from, q.size() - from);
  }
  return out;
}

}  // namespace

bool is_question(const std::string& query) {
  return RE2::PartialMatch(query, question_marker()) ||
         a_not_a_at(text::to_u32string(query)) != std::u32string::npos;
}

QuestionTerms reduce_question(const std::string& query, bool asked, const SynonymTable& synonyms) {
  QuestionTerms out;
  out.search_text = query;
  if (!asked && !is_question(query)) return out;
  std::vector<std::string> whole_words;  // the synonyms' words the question holds: few, mostly none
  for (const auto& [from, to] : synonyms)
    if (!from.empty() && query.find(from) != std::string::npos) whole_words.push_back(from);
  static const Regex tail("[\\s？?。！!]+$");
  std::string q = text::trim(query);
  RE2::GlobalReplace(&q, tail, "");
  std::string term;
  if (definition_term(q, term) && !(term = strip_edges(text::trim(term))).empty()) {
    out.definition_term = term;
    std::vector<std::string> words = text::split_words(term);
    out.definition_words = join(join_words(words, std::vector<bool>(words.size(), true)));
  }
  // A definition question searches the term; the rest of it (的定义, 什么是) is the asking.
  const std::string reduced = out.definition_words.empty()
                                  ? join(content_words(q, whole_words), whole_words)
                                  : out.definition_words;
  if (reduced.empty()) return out;
  out.question = true;
  out.search_text = reduced;
  out.as_asked = blank_asking(q);
  out.topic_words = topic_words_of(q);
  out.asked_about = asked_about_of(q);
  return out;
}

std::string content_characters(const std::string& query) {
  // Characters that only ask, point or bind: alone they match nearly every block.
  static const std::u32string function_chars =
      U"的得了吗呢啊吧么是为在对和与及或应需须可能要会有哪什多少几怎样如何谁由被将把给让我你他她它"
      U"们咱俺个些这那还也都就啥咋呀嘛哦里上着过不没很太更最又再才只从向往到";
  std::string out;
  std::u32string seen;
  for (char32_t c : text::to_codepoints(text::fold_width(query))) {
    if (!text::is_han(c) || function_chars.find(c) != std::u32string::npos ||
        seen.find(c) != std::u32string::npos)
      continue;
    seen.push_back(c);
    out += (out.empty() ? "" : " ") + text::from_codepoints({c});
  }
  return out;
}

}  // namespace regreader::index
