#include "regreader/index/synonyms.hpp"

#include <algorithm>
#include <fstream>

#include "regreader/core/error.hpp"
#include "regreader/core/text.hpp"

namespace regreader::index {

const SynonymTable& builtin_synonyms() {
  // Units and old names, then the words of the field: what a worker says for what the
  // regulations write (each pair has a test in tests/index/synonyms_test.cpp).
  static const SynonymTable table = {
      {"变电所", "变电站"},
      {"千伏", "kV"},
      {"千瓦", "kW"},
      {"兆瓦", "MW"},
      {"兆伏安", "MVA"},
      {"刀闸", "隔离开关"},
      {"开关", "断路器"},
      {"安规", "安全工作规程"},
      {"挂地线", "装设接地线"},
      {"挂接地线", "装设接地线"},
      {"拆地线", "拆除接地线"},
      {"拆接地线", "拆除接地线"},
      {"地刀", "接地开关"},
      {"压板", "连接片"},
      {"小车", "手车"},
      {"抽头", "分接头"},
      {"没电", "无电压"},
      {"有电", "带电"},
      {"打雷下雨", "雷雨"},
      {"打雷", "雷电"},
      {"停工", "工作间断"},
      {"收工", "工作终结"},
      {"高空作业", "高处作业"},
      {"登高", "高处作业"},
      {"爬杆", "登杆"},
      {"上杆", "登杆"},
      {"验电笔", "验电器"},
      {"摇表", "绝缘电阻表"},
      {"兆欧表", "绝缘电阻表"},
      {"保险丝", "熔断器"},
      {"干活", "作业"},
      {"倒闸票", "操作票"},
      {"拉闸", "拉开"},
      {"着火", "火灾"},
      {"私自", "擅自"},
      // Equipment as it is called in the field.
      {"令克", "跌落式熔断器"},
      {"跌落保险", "跌落式熔断器"},
      {"保险", "熔断器"},
      {"母排", "母线"},
      {"PT", "电压互感器"},
      {"CT", "电流互感器"},
      {"空气开关", "断路器"},
      {"空开", "断路器"},
      {"漏电开关", "剩余电流动作保护器"},
      {"漏电保护", "剩余电流保护"},
      {"电瓶", "蓄电池"},
      {"充电机", "充电装置"},
      {"避雷针", "接闪杆"},
      {"避雷带", "接闪带"},
      {"避雷网", "接闪网"},
      {"电线杆", "杆塔"},
      {"杆子", "杆塔"},
      {"爬塔", "登塔"},
      {"上塔", "登塔"},
      {"绝缘鞋", "绝缘靴"},
      {"令克棒", "绝缘棒"},
      {"操作棒", "绝缘棒"},
      {"五防", "防误闭锁"},
      {"万能钥匙", "解锁钥匙"},
      {"挂牌", "悬挂标示牌"},
      {"警示牌", "标示牌"},
      {"吊车", "起重机"},
      {"电焊", "焊接"},
      {"消防栓", "消火栓"},
      {"应急灯", "应急照明"},
      {"电动车", "电动自行车"},
      {"牌子", "标示牌"},
      {"围栏", "遮栏"},
      // Work, people and rules as workers speak of them.
      {"作业票", "工作票"},
      {"两票", "工作票"},
      {"调令", "调度指令"},
      {"人工呼吸", "心肺复苏"},
      {"体检", "体格检查"},
      {"学徒", "实习人员"},
      {"工人", "从业人员"},
      {"员工", "从业人员"},
      {"老板", "主要负责人"},
      {"领导", "负责人"},
      {"晚上", "夜间"},
      {"半夜", "夜间"},
      {"喝酒", "饮酒"},
      {"抽烟", "吸烟"},
      {"偷电", "窃电"},
      {"砍树", "砍伐"},
      {"盖房", "建筑物"},
      {"上报", "报告"},
      {"挨着", "邻近"},
      {"班组成员", "工作班成员"},
      {"踏勘", "勘察"},
      {"预试", "预防性试验"},
      {"放炮", "爆破"},
      {"掉闸", "跳闸"},
      {"签票", "签发"},
      {"扔", "抛掷"},
      {"坑里", "坑内"},
      {"沟里", "沟内"},
      {"看着", "监护"},
      {"交代", "交待"},
      {"换班", "交接班"},
      {"毛病", "缺陷"},
      {"打扫", "清扫"},
      {"超载", "过负荷"},
      {"下雨", "雨天"},
      {"施工队", "施工单位"},
      {"安全员", "安全生产管理人员"},
      {"一把手", "主要负责人"},
      {"上岗证", "资格证书"},
      {"试电笔", "验电器"},
      {"一个人", "单人"},
      {"夜班", "夜间"},
      {"被电", "触电"},
      {"晕倒", "昏迷"},
      {"掉下", "坠落"},
      {"摔下", "坠落"},
      {"新来的", "新参加"},
      {"停掉", "停电"},
      {"报上去", "报告"},
      {"两个人", "两人"},
      {"电工证", "特种作业操作证"},
      {"风速仪", "风速计"},
      {"风向仪", "风向标"},
      {"刮大风", "大风"},
      {"刮风", "大风"},
      {"下雪", "雪天"},
      {"扛着", "搬动"},
      {"油变", "油浸变压器"},
      {"头一回", "首次"},
      {"第一次", "首次"},
      {"拉到", "拉至"},
      // Shortenings of the substation and the ticket office.
      {"母差", "母线差动"},
      {"定检", "定期检验"},
      {"消缺", "消除缺陷"},
      {"巡线", "线路巡视"},
      {"错票", "错误操作票"},
      // Consequences as people name them.
      {"罚钱", "罚款"},
      {"赔钱", "赔偿"},
      {"坐牢", "刑事责任"},
      {"判刑", "刑事责任"},
      {"死人", "死亡"},
  };
  return table;
}

void read_tab_pairs(const std::filesystem::path& file, const std::string& expected,
                    std::vector<std::pair<std::string, std::string>>& into) {
  std::ifstream in(file);
  if (!in) return;
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const std::string t = text::trim(line);
    if (t.empty() || t[0] == '#') continue;
    const auto tab = t.find('\t');
    if (tab == std::string::npos || text::trim(t.substr(0, tab)).empty() ||
        text::trim(t.substr(tab + 1)).empty())
      throw Error(ErrorCode::kInvalidArgument,
                  file.string() + " line " + std::to_string(n) + ": expected \"" + expected + "\"");
    into.emplace_back(text::trim(t.substr(0, tab)), text::trim(t.substr(tab + 1)));
  }
}

SynonymTable load_synonyms(const std::filesystem::path& file) {
  SynonymTable table = builtin_synonyms();
  read_tab_pairs(file, "word<TAB>replacement", table);
  return table;
}

std::vector<std::string> expand_term(const std::string& term, const SynonymTable& table) {
  std::vector<std::string> out{term};
  for (const auto& [from, to] : table) {
    const size_t at = term.find(from);
    if (at == std::string::npos) continue;
    std::string variant = term;
    variant.replace(at, from.size(), to);
    if (std::find(out.begin(), out.end(), variant) == out.end()) out.push_back(variant);
  }
  return out;
}

}  // namespace regreader::index
