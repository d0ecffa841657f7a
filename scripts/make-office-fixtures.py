#!/usr/bin/env python3
"""Writes the office-export fixtures: documents laid out the way utilities write them in Word or
WPS, written here as OpenDocument (flat XML) and exported by LibreOffice Writer to DOCX and PDF.

  python3 scripts/make-office-fixtures.py tests/fixtures

office-guide.{docx,pdf}   an operating guide: parts 一、… with items 1.目的 (no space after the
                          point), （1） items, step lists 2.1 当…。 that are sentences, a framed
                          注意 box, a shaded 说明 call-out, a formula paragraph, Wingdings bullets
                          (U+F06C), an untitled table under a line that names it, an untitled
                          table with only a header, a captioned table continued under 续表, and
                          a caption with a full number (表3.2-1).
office-notice.{docx,pdf}  an official notice typed in one style throughout (GB/T 9704's
                          numbering): its title a line above the addressee, parts 一、, groups
                          （一）, items 1. and points （1）; after the signature, its attachment
                          附件1 on a page of its own, titled on the next line, with a table.
office-grid.{docx,pdf}    numbered items laid out in a borderless two-column table, as PDF-to-Word
                          converters write them: the item number in the first column, its text in
                          the second, the end of a wrapped sentence back in the first column of
                          the next row; then a real table whose long cell runs on in its own
                          column.
office-title.{docx,pdf}   a rule sheet whose title is in Word's Title style (with a bracketed
                          Subtitle) and whose chapters are unnumbered Heading 1 paragraphs, the
                          first of them (总则) on the cover page.
office-rules.{docx,pdf}   a rule sheet numbered by Word itself: chapters 第一章 and sections 第一节
                          from the outline numbering, articles 第一条 from one list running
                          through the chapters, items （一） from another; a footnote in 9 pt
                          type, a framed text box, a running header and a 第 X 页 共 Y 页 footer,
                          a table with cells merged down its first column and an untitled table
                          running over two pages under its repeated header row.
office-wide.{docx,pdf}    an operating rule whose table of capacitor banks stands on landscape
                          pages, in columns too narrow for its model numbers and units: the
                          word processor cuts TBB10-3000/200 and kvar at the cell's border.
office-manual.{docx,pdf}  an operating manual whose running header is the current chapter's title
                          (a chapter field, Word's STYLEREF), each chapter over two pages or
                          more, and a footnote in each of two chapters (marks 1 and 2).
office-contents.{docx,pdf} the same manual after a contents page Word generates (a TOC field:
                          entries with dot leaders and page numbers, a page break after it).
office-contents-inline.{docx,pdf} the same with no page break after the contents: chapter 1
                          starts on the contents page.
office-named.{docx,pdf}   the manual with its chapters numbered by the word processor: the
                          running header prints the chapter's name without its number.
office-instruction.{docx,pdf} a work instruction (作业指导书): a cover with its number and a
                          sign-off table, a revision table under a 修订记录 line, clauses typed
                          1 / 3.1 / 3.1.1, a chapter that opens with its step table (running over
                          two pages, a row cut by the page break) and a 注 under it, and
                          附录A（规范性附录） whose title names the record form it holds.

With --gold DIR, it also writes the fidelity gold of each export of each document
(bench/fidelity/gold/office-*.json):
the chapters, tables and fragments come from the document written here, their pages from
LibreOffice's PDF as pdftotext reads it, page by page — never from RegReader's output.

The text is ours (no regulation is copied). Needs LibreOffice (soffice) and fonts-noto-cjk, only
to regenerate; the outputs are committed so that tests need neither.
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

NS = " ".join([
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
    'xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
    'xmlns:dc="http://purl.org/dc/elements/1.1/"',
    'xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
    'xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0"',
])

CJK = 'style:font-name-asian="Noto Serif CJK SC"'


def text_props(size, bold=False):
    w = ' fo:font-weight="bold" style:font-weight-asian="bold"' if bold else ""
    return (f'<style:text-properties {CJK} fo:font-size="{size}pt" '
            f'style:font-size-asian="{size}pt"{w}/>')


STYLES = f"""
<office:font-face-decls>
 <style:font-face style:name="Noto Serif CJK SC" svg:font-family="'Noto Serif CJK SC'"/>
 <style:font-face style:name="Liberation Serif" svg:font-family="'Liberation Serif'"/>
 <style:font-face style:name="Wingdings" svg:font-family="Wingdings" style:font-charset="x-symbol"/>
</office:font-face-decls>
<office:styles>
 <style:default-style style:family="paragraph">
  <style:paragraph-properties fo:margin-bottom="0.2cm"/>
  <style:text-properties style:font-name="Liberation Serif" {CJK} fo:font-size="12pt"
   style:font-size-asian="12pt" fo:language="zh" fo:country="CN"/>
 </style:default-style>
 <style:style style:name="Standard" style:family="paragraph" style:class="text"/>
 <style:style style:name="Title" style:family="paragraph" style:class="chapter">
  <style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.4cm"/>{text_props(22, True)}
 </style:style>
 <style:style style:name="Subtitle" style:family="paragraph" style:class="chapter">
  <style:paragraph-properties fo:text-align="center" fo:margin-bottom="0.6cm"/>{text_props(14)}
 </style:style>
 <style:style style:name="Heading_20_1" style:display-name="Heading 1" style:family="paragraph"
   style:default-outline-level="1" style:class="text">
  <style:paragraph-properties fo:margin-top="0.4cm"/>{text_props(16, True)}
 </style:style>
 <style:style style:name="Heading_20_2" style:display-name="Heading 2" style:family="paragraph"
   style:default-outline-level="2" style:class="text">{text_props(14, True)}
 </style:style>
</office:styles>
<office:automatic-styles>
 <style:style style:name="Part" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:margin-top="0.3cm"/>{text_props(14, True)}
 </style:style>
 <style:style style:name="Item" style:family="paragraph" style:parent-style-name="Standard">
  {text_props(12, True)}
 </style:style>
 <style:style style:name="Body" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-indent="0.85cm"/>
 </style:style>
 <style:style style:name="Box" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:border="0.75pt solid #000000" fo:padding="0.15cm"
   fo:margin-top="0.2cm" fo:margin-bottom="0.3cm"/>
 </style:style>
 <style:style style:name="Shade" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:background-color="#d9d9d9" fo:padding="0.15cm"/>
 </style:style>
 <style:style style:name="Center" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:text-align="center"/>{text_props(11, True)}
 </style:style>
 <style:style style:name="Break" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:break-before="page"/>{text_props(11, True)}
 </style:style>
 <style:style style:name="Sym" style:family="text">
  <style:text-properties style:font-name="Wingdings"/>
 </style:style>
 <style:style style:name="Tbl" style:family="table">
  <style:table-properties style:width="16cm" table:align="center"/>
 </style:style>
 <style:style style:name="Cell" style:family="table-cell">
  <style:table-cell-properties fo:border="0.5pt solid #000000" fo:padding="0.08cm"/>
 </style:style>
 <style:style style:name="Grid" style:family="table">
  <style:table-properties style:width="16cm" table:align="left"/>
 </style:style>
 <style:style style:name="GridCell" style:family="table-cell">
  <style:table-cell-properties fo:border="none" fo:padding="0.02cm"/>
 </style:style>
 <style:style style:name="GridText" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:margin-bottom="0cm"/>
 </style:style>
 <style:style style:name="CellText" style:family="paragraph" style:parent-style-name="Standard">
  <style:paragraph-properties fo:margin-bottom="0cm" fo:text-align="center"/>{text_props(10.5)}
 </style:style>
</office:automatic-styles>
"""


def p(text, style="Body"):
    return f'<text:p text:style-name="{style}">{escape(text)}</text:p>'


def h(text, level):
    return (f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">'
            f'{escape(text)}</text:h>')


def bullet(text):
    # Word's bullet lists keep their symbol as a Wingdings character (U+F06C, a filled circle)
    # followed by a tab; the PDF export carries it as that private-use character.
    return (f'<text:p text:style-name="Body"><text:span text:style-name="Sym">\uf06c</text:span>'
            f'<text:tab/>{escape(text)}</text:p>')


def table(rows, header_rows=1, style=("Tbl", "Cell", "CellText")):
    """A table; each cell's paragraphs separated by "\n". `style`: the table's, its cells' and
    their paragraphs' styles (a ruled table by default)."""
    table_style, cell_style, text_style = style
    out = [f'<table:table table:style-name="{table_style}"><table:table-column '
           f'table:number-columns-repeated="{len(rows[0])}"/>']
    for i, row in enumerate(rows):
        header = i < header_rows
        if header:
            out.append("<table:table-header-rows>")
        out.append("<table:table-row>")
        for c in row:
            paras = "".join(p(x, text_style) for x in c.split("\n"))
            out.append(f'<table:table-cell table:style-name="{cell_style}" '
                       f'office:value-type="string">{paras}</table:table-cell>')
        out.append("</table:table-row>")
        if header:
            out.append("</table:table-header-rows>")
    out.append("</table:table>")
    return "".join(out)


def grid(rows):
    """A borderless table laid out by a converter, no header row."""
    return table(rows, 0, ("Grid", "GridCell", "GridText"))


def document(title, body, numbering="", pages=""):
    """`numbering`: outline and list styles; `pages`: the page layout's automatic styles and the
    master page (running header and footer)."""
    meta = f"<office:meta><dc:title>{escape(title)}</dc:title></office:meta>" if title else ""
    styles = STYLES.replace("</office:styles>", numbering + "</office:styles>")
    if pages:
        layout, master = pages
        styles = styles.replace("</office:automatic-styles>",
                                layout + "</office:automatic-styles>" + master)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document {NS} office:version="1.3" '
            f'office:mimetype="application/vnd.oasis.opendocument.text">{meta}{styles}'
            f'<office:body><office:text>{"".join(body)}</office:text></office:body>'
            f'</office:document>')


ALARMS = [["告警项目", "一级告警", "二级告警"],
          ["单体电压上限", "3.60 V", "3.65 V"],
          ["单体电压下限", "2.80 V", "2.70 V"],
          ["电池温度", "45 ℃", "50 ℃"],
          ["簇间压差", "8 V", "12 V"]]

PATROL = [["巡视项目", "周期", "责任人"],
          ["电池舱", "每日一次", "运行值班员"],
          ["变流器舱", "每日一次", "运行值班员"],
          ["消防系统", "每周一次", "安全员"]]

# 表1 runs over two pages: the second part is printed under 续表 (no number), as publishers do.
PARAMS_HEAD = ["序号", "设备名称", "额定值", "允许偏差"]
PARAMS = [[str(i + 1), name, rated, dev] for i, (name, rated, dev) in enumerate([
    ("储能变流器额定功率", "2.5 MW", "±2%"), ("电池簇额定电压", "768 V", "±1%"),
    ("电池簇额定容量", "280 Ah", "±3%"), ("并网点额定电压", "10 kV", "±7%"),
    ("主变压器额定容量", "5000 kVA", "±5%"), ("站用变压器额定容量", "200 kVA", "±5%"),
    ("冷却系统额定流量", "12 m³/h", "±10%"), ("消防系统启动压力", "0.6 MPa", "±5%")])]

GUIDE = [
    p("储能电站运行操作指南", "Title"),
    p("（2026年版）", "Subtitle"),
    p("一、总则", "Part"),
    p("1.目的", "Item"),
    p("为规范储能电站的运行操作，保障人身、电网和设备安全，制定本指南。"),
    p("2.适用范围", "Item"),
    p("本指南适用于公司所属电化学储能电站的运行值班人员和检修人员。"),
    p("二、运行监视", "Part"),
    p("1.监视内容", "Item"),
    p("运行值班人员应通过监控系统连续监视下列内容："),
    bullet("电池堆的电压、电流和温度；"),
    bullet("储能变流器的运行状态和告警信息；"),
    bullet("消防系统和空调系统的运行状态。"),
    p("2.异常处理", "Item"),
    p("2.1 当电池簇温度超过45℃时，值班人员应立即降低充放电功率，并报告值长。"),
    p("2.2 当储能变流器报直流过压故障时，应检查电池簇电压，记录故障代码后方可复归。"),
    p("注意：电池荷电状态低于15%SOC时应停止放电，高于95%SOC时应停止充电，不得超限运行。",
      "Box"),
    p("三、充放电操作", "Part"),
    p("1.充电操作", "Item"),
    p("（1）确认电网频率在49.8Hz～50.2Hz之间，储能变流器无告警。"),
    p("（2）按调度指令设定充电功率，充电功率不得超过额定功率。"),
    p("2.放电能量计算", "Item"),
    p("额定放电能量按下式计算：10MW*4h=40MW·h=100%SOC，放电至15%SOC时的可用能量为"
      "40MW·h*85%=34MW·h。"),
    p("3.告警阈值", "Item"),
    p("各电池簇的告警阈值如下："),
    table(ALARMS),
    p("四、巡视检查", "Part"),
    p("1.巡视周期", "Item"),
    p("说明：遇大风、暴雨、高温等恶劣天气时，应增加特殊巡视。", "Shade"),
    table(PATROL),
    p("2.设备参数", "Item"),
    p("表1 主要设备参数", "Center"),
    table([PARAMS_HEAD] + PARAMS[:5]),
    p("续表", "Break"),
    table([PARAMS_HEAD] + PARAMS[5:]),
    p("3.充电电流", "Item"),
    p("表3.2-1 电池簇充电电流限值", "Center"),
    table([["电池温度", "充电电流上限"], ["0℃～10℃", "0.2C"], ["10℃～45℃", "0.5C"],
           ["高于45℃", "禁止充电"]]),
    p("五、附则", "Part"),
    p("1.本指南由运行部负责解释。"),
    p("2.本指南自发布之日起执行。"),
]

# An official notice typed as GB/T 9704 numbers it, every line in the body's style: parts 一、,
# groups （一）, items 1., points （1）; the title is a line of its own above the addressee.
NOTICE = [
    p("关于加强迎峰度夏期间安全生产工作的通知", "Center"),
    p("各单位："),
    p("为做好迎峰度夏期间安全生产工作，现将有关事项通知如下。"),
    p("一、总体要求"),
    p("（一）指导思想"),
    p("坚持安全第一、预防为主、综合治理的方针，落实各级安全生产责任。"),
    p("（二）工作目标"),
    p("1.杜绝人身死亡事故和恶性误操作事故。"),
    p("2.主变压器负载率不超过80%，重载线路负载率不超过90%。"),
    p("二、重点工作"),
    p("（一）加强设备巡视"),
    p("1.变电站巡视"),
    p("（1）有人值班变电站每日巡视不少于两次，高温时段增加一次夜间巡视。"),
    p("（2）无人值班变电站每周巡视不少于一次。"),
    p("2.输电线路巡视"),
    p("（1）重载线路每周巡视一次，重点检查导线弧垂和交叉跨越距离。"),
    p("（2）发现树障应在24小时内处理。"),
    p("（二）做好负荷预测"),
    p("各地调应于每日10时前上报次日负荷预测，偏差率不超过3%。"),
    p("（三）严格执行两票"),
    p("1.工作票"),
    p("工作票签发人应审核安全措施是否完备，工作许可人应到现场逐项确认。"),
    p("2.操作票"),
    p("倒闸操作应由两人进行，一人操作，一人监护。"),
    p("三、保障措施"),
    p("（一）加强组织领导"),
    p("各单位主要负责人是迎峰度夏安全生产第一责任人。"),
    p("（二）强化应急值守"),
    p("实行24小时值班制度，值班人员不得擅离岗位。各单位应对照附件1逐台核对设备负载。"),
    p("附件：1.迎峰度夏重点设备清单"),
    p("国网某某供电公司"),
    p("2026年6月1日"),
    p("", "Break"),
    p("附件1", "Part"),
    p("迎峰度夏重点设备清单", "Center"),
    table([["设备名称", "负载率上限"], ["1号主变压器", "80%"], ["2号主变压器", "80%"],
           ["110kV某某线", "90%"]]),
]
NOTICE_CHAPTERS = [
    {"section": "一", "title": "总体要求", "level": 1, "printed": "一、总体要求"},
    {"section": "（一）", "title": "指导思想", "level": 2, "printed": "（一）指导思想"},
    {"section": "（二）", "title": "工作目标", "level": 2, "printed": "（二）工作目标"},
    {"section": "二", "title": "重点工作", "level": 1, "printed": "二、重点工作"},
    {"section": "（一）", "title": "加强设备巡视", "level": 2, "printed": "（一）加强设备巡视"},
    {"section": "1", "title": "变电站巡视", "level": 3, "printed": "1.变电站巡视"},
    {"section": "2", "title": "输电线路巡视", "level": 3, "printed": "2.输电线路巡视"},
    {"section": "（二）", "title": "做好负荷预测", "level": 2, "printed": "（二）做好负荷预测"},
    {"section": "（三）", "title": "严格执行两票", "level": 2, "printed": "（三）严格执行两票"},
    {"section": "1", "title": "工作票", "level": 3, "printed": "1.工作票"},
    {"section": "2", "title": "操作票", "level": 3, "printed": "2.操作票"},
    {"section": "三", "title": "保障措施", "level": 1, "printed": "三、保障措施"},
    {"section": "（一）", "title": "加强组织领导", "level": 2, "printed": "（一）加强组织领导"},
    {"section": "（二）", "title": "强化应急值守", "level": 2, "printed": "（二）强化应急值守"},
    {"section": "附件1", "title": "迎峰度夏重点设备清单", "level": 1,
     "printed": "附件1迎峰度夏重点设备清单"},
]
NOTICE_FRAGMENTS = [
    "主变压器负载率不超过80%",
    "有人值班变电站每日巡视不少于两次",
    "发现树障应在24小时内处理",
    "实行24小时值班制度",
]

# The items of 2.1 as a PDF-to-Word converter lays them out; 2.2's table is a real one.
GRID_DOC = [
    p("测风设备技术要求", "Title"),
    h("1 总则", 1),
    p("1.1 本要求适用于测风塔上安装的测风设备。"),
    h("2 测量仪器", 1),
    p("2.1 测风设备应符合下列规定："),
    grid([["1", "风速计应符合下列规定：\n1)测量范围应为0m/s～60m/s。\n"
                "2)在4m/s～25m/s范围内测量误差不应超过"],
          ["±0.5m/s。\n2", "\n风向标应符合下列规定：\n1)测量范围应为0°～360°。"],
          ["3", "数据记录仪应符合下列规定：\n1)应能连续记录并保存全部测量参数的"],
          ["数据。", ""],
          ["", "2)应能在断电后继续保存已记录的数据。"],
          ["4", "测风塔的避雷装置应在雷雨季节前检查，接地电阻不应大于"],
          ["4Ω。", ""]]),
    p("2.2 测风设备的检定周期如下："),
    table([["设备", "检定周期", "说明"],
           ["风速计", "12个月", "在风洞中检定，检定时应记录环境温度和气压，"],
           ["", "", "检定报告随设备保存。"],
           ["风向标", "12个月", "与风速计同时检定"]]),
]

TITLE_DOC = [
    p("变电站防误操作管理规定", "Title"),
    p("（试行）", "Subtitle"),
    h("总则", 1),
    p("第一条　为防止电气误操作事故，保障人身和设备安全，制定本规定。"),
    p("第二条　本规定适用于公司所属各电压等级的变电站。"),
    h("防误装置", 1),
    p("第三条　高压电气设备应安装完善的防误操作闭锁装置。"),
    p("第四条　防误装置的解锁钥匙应封存管理，使用时应经值长批准。"),
    h("附则", 1),
    p("第五条　本规定由安全监察部负责解释。"),
]


# Word's own numbering: the labels are drawn by the word processor, never typed. LibreOffice writes
# 一, 二, 三 to Word as taiwaneseCountingThousand.
def label(level, prefix, suffix, follow="space", digits="一, 二, 三, ..."):
    return (f'style:num-format="{digits}" style:num-prefix="{prefix}" '
            f'style:num-suffix="{suffix}"><style:list-level-properties '
            f'text:list-level-position-and-space-mode="label-alignment"><style:list-level-label-'
            f'alignment text:label-followed-by="{follow}"/></style:list-level-properties>')


RULES_NUMBERING = (
    '<text:outline-style style:name="Outline">'
    f'<text:outline-level-style text:level="1" {label(1, "第", "章")}</text:outline-level-style>'
    f'<text:outline-level-style text:level="2" {label(2, "第", "节")}</text:outline-level-style>'
    '</text:outline-style>'
    '<text:list-style style:name="Articles"><text:list-level-style-number text:level="1" '
    f'{label(1, "第", "条")}</text:list-level-style-number></text:list-style>'
    '<text:list-style style:name="Paren"><text:list-level-style-number text:level="1" '
    f'{label(1, "（", "）", "nothing")}</text:list-level-style-number></text:list-style>')



def headed_a4(align):
    """An A4 page layout with a running header and footer in 9 pt type aligned `align`, and the
    9 pt footnote style."""
    return (
        '<style:page-layout style:name="PL"><style:page-layout-properties fo:page-width="21cm" '
        'fo:page-height="29.7cm" fo:margin-top="2cm" fo:margin-bottom="2cm" fo:margin-left="2.5cm" '
        'fo:margin-right="2.5cm"/><style:header-style><style:header-footer-properties '
        'fo:min-height="0.6cm" fo:margin-bottom="0.3cm"/></style:header-style><style:footer-style>'
        '<style:header-footer-properties fo:min-height="0.6cm" fo:margin-top="0.3cm"/>'
        '</style:footer-style></style:page-layout>'
        '<style:style style:name="Margin" style:family="paragraph"><style:paragraph-properties '
        f'fo:text-align="{align}"/>{text_props(9)}</style:style>'
        f'<style:style style:name="Footnote" style:family="paragraph">{text_props(9)}'
        '</style:style>')


RULES_PAGES = (
    headed_a4("center") +
    '<style:style style:name="fr1" style:family="graphic"><style:graphic-properties '
    'fo:border="0.75pt solid #000000" fo:padding="0.2cm" style:wrap="none" '
    'style:vertical-pos="top" style:horizontal-pos="center"/></style:style>',
    '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="PL">'
    '<style:header><text:p text:style-name="Margin">某供电公司配电运维管理规定</text:p>'
    '</style:header><style:footer><text:p text:style-name="Margin">第 <text:page-number '
    'text:select-page="current">1</text:page-number> 页 共 <text:page-count>1</text:page-count> '
    '页</text:p></style:footer></style:master-page></office:master-styles>')


def outline(text, level):
    return (f'<text:h text:style-name="Heading_20_{level}" text:outline-level="{level}">'
            f'{escape(text)}</text:h>')


ARTICLES = [0]


def article(text):
    """An article of the one list that numbers them through the chapters."""
    ARTICLES[0] += 1
    go_on = 'xml:id="articles"' if ARTICLES[0] == 1 else 'text:continue-list="articles"'
    return (f'<text:list text:style-name="Articles" {go_on}><text:list-item>{p(text)}'
            f'</text:list-item></text:list>')


def paren_items(items):
    return ('<text:list text:style-name="Paren">' +
            "".join(f"<text:list-item>{p(t)}</text:list-item>" for t in items) + "</text:list>")


def footnoted(text, note):
    return (f'<text:p text:style-name="Body">{escape(text)}<text:note text:id="n1" '
            f'text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body>'
            f'{p(note, "Footnote")}</text:note-body></text:note>。</text:p>')


def text_box(text):
    return (f'<text:p text:style-name="Body"><draw:frame draw:style-name="fr1" draw:name="box" '
            f'text:anchor-type="paragraph" svg:width="15cm" draw:z-index="0"><draw:text-box '
            f'fo:min-height="1cm">{p(text, "Standard")}</draw:text-box></draw:frame></text:p>')


def merged_table(rows):
    """A ruled table whose cells (text, rows spanned) may run down; None: a covered cell."""
    out = [f'<table:table table:style-name="Tbl"><table:table-column '
           f'table:number-columns-repeated="{len(rows[0])}"/>']
    for i, row in enumerate(rows):
        out.append("<table:table-header-rows><table:table-row>" if i == 0 else "<table:table-row>")
        for c in row:
            if c is None:
                out.append("<table:covered-table-cell/>")
                continue
            t, spanned = c if isinstance(c, tuple) else (c, 1)
            span = f' table:number-rows-spanned="{spanned}"' if spanned > 1 else ""
            out.append(f'<table:table-cell table:style-name="Cell"{span} '
                       f'office:value-type="string">{p(t, "CellText")}</table:table-cell>')
        out.append("</table:table-row></table:table-header-rows>" if i == 0 else
                   "</table:table-row>")
    out.append("</table:table>")
    return "".join(out)


PATROL_BY_KIND = [["设备类别", "巡视项目", "周期"],
                  [("配电变压器", 3), "油位、油温及声音", "每月一次"], [None, "接地引下线", "每季一次"],
                  [None, "熔断器及避雷器", "每季一次"],
                  [("开关站", 2), "柜体及仪表", "每周一次"], [None, "电缆终端头", "每月一次"],
                  [("架空线路", 2), "杆塔及拉线", "每月一次"], [None, "导线弧垂", "每半年一次"]]

DEFECTS = [("导线断股超过截面25%", "危急", "24小时"), ("绝缘子破损", "严重", "7天"),
           ("拉线松弛", "一般", "3个月"), ("杆塔倾斜超过15‰", "严重", "7天"),
           ("变压器渗油", "一般", "3个月"), ("避雷器本体破裂", "危急", "24小时"),
           ("接地电阻超标", "严重", "1个月"), ("柜门无法关闭", "一般", "3个月"),
           ("电缆外护套破损", "一般", "3个月"), ("开关拒动", "危急", "24小时"),
           ("保护装置告警", "严重", "7天"), ("标识牌缺失", "一般", "3个月")] * 3
DEFECT_ROWS = [["序号", "缺陷内容", "缺陷等级", "处理时限"]] + [
    [str(i + 1), *d] for i, d in enumerate(DEFECTS)]

RULES = [
    p("某供电公司配电运维管理规定", "Title"),
    outline("总则", 1),
    article("为加强配电设备运维管理，提高供电可靠性，制定本规定。"),
    article("本规定适用于公司所属10kV及以下配电设备的巡视、检修和缺陷管理。"),
    outline("巡视管理", 1),
    outline("巡视周期", 2),
    article("配电设备的巡视周期见下表。"),
    merged_table(PATROL_BY_KIND),
    outline("特殊巡视", 2),
    article("遇有下列情况之一时，应组织特殊巡视："),
    paren_items(["大风、暴雨、冰雪等恶劣天气后；", "设备重载或过负荷运行时；", "重要保电任务期间。"]),
    footnoted("巡视人员发现危急缺陷应立即报告", "危急缺陷指严重威胁人身或设备安全、随时可能导致事故的缺陷"),
    text_box("提示：单人巡视时禁止攀登杆塔和配电变压器台架，夜间巡视应沿线路外侧进行。"),
    outline("缺陷管理", 1),
    article("缺陷按其严重程度分为危急、严重和一般三级，处理时限见下表。"),
    table(DEFECT_ROWS),
    article("危急缺陷消除后，运维班组应在24小时内完成验收并录入生产管理系统。"),
    outline("附则", 1),
    article("本规定由运维检修部负责解释，自印发之日起施行。"),
]


# Landscape pages for a wide table: a paragraph's style switches the master page.
WIDE_PAGES = (
    '<style:page-layout style:name="Tall"><style:page-layout-properties fo:page-width="21cm" '
    'fo:page-height="29.7cm" fo:margin="2cm"/></style:page-layout>'
    '<style:page-layout style:name="Wide"><style:page-layout-properties fo:page-width="29.7cm" '
    'fo:page-height="21cm" style:print-orientation="landscape" fo:margin="2cm"/>'
    '</style:page-layout>'
    '<style:style style:name="ToWide" style:family="paragraph" style:parent-style-name="Body" '
    'style:master-page-name="Landscape"/>'
    '<style:style style:name="ToTall" style:family="paragraph" style:parent-style-name="Body" '
    'style:master-page-name="Standard"/>',
    '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="Tall"/>'
    '<style:master-page style:name="Landscape" style:page-layout-name="Wide"/>'
    '</office:master-styles>')

BANKS = [["序号", "设备名称", "型号", "额定容量（kvar）", "额定电压（kV）", "投运日期", "生产厂家",
          "备注"]] + [[str(i), f"{i}号电容器组", "TBB10-3000/200", "3000", "10.5", "2019-06",
                      "某电气公司", "—"] for i in range(1, 7)]

WIDE_DOC = [
    p("无功补偿装置运行规程", "Title"),
    h("1 总则", 1),
    p("1.1 本规程适用于变电站10kV并联电容器组和电抗器的运行维护。"),
    h("2 运行检查", 1),
    *[p(f"2.{k} 电容器组投运前应检查外壳无鼓肚、渗漏油，放电线圈完好，熔断器规格符合要求，"
        f"并记录环境温度和母线电压，检查结果应记入运行日志。") for k in range(1, 12)],
    p("2.12 电容器组参数见下表。", "ToWide"),
    table(BANKS),
    p("2.13 表中设备应每年校核一次。", "ToTall"),
    h("3 附则", 1),
    p("3.1 本规程自发布之日起执行。"),
]


# The running header names the chapter the page is in: a chapter field (Word's STYLEREF).
MANUAL_PAGES = (
    headed_a4("end"),
    '<office:master-styles><style:master-page style:name="Standard" style:page-layout-name="PL">'
    '<style:header><text:p text:style-name="Margin"><text:chapter text:display="name" '
    'text:outline-level="1"/></text:p></style:header><style:footer><text:p '
    'text:style-name="Margin"><text:page-number text:select-page="current">1</text:page-number>'
    '</text:p></style:footer></style:master-page></office:master-styles>')

NOTE_IDS = [0]


def noted(text, note, rest="。"):
    """A sentence whose footnote mark LibreOffice numbers through the document."""
    NOTE_IDS[0] += 1
    return (f'<text:p text:style-name="Body">{escape(text)}<text:note text:id="m{NOTE_IDS[0]}" '
            f'text:note-class="footnote"><text:note-citation>{NOTE_IDS[0]}</text:note-citation>'
            f'<text:note-body>{p(note, "Footnote")}</text:note-body></text:note>{escape(rest)}'
            f'</text:p>')


def clauses(chapter, topics):
    return [p(f"{chapter}.{k} {t}") for k, t in enumerate(topics, 1)]


PATROL_NOTE = ("巡视时应核对上次的记录，比较数值的变化趋势；夜间巡视应重点检查接头发热和放电现象，"
               "雨雪天气应检查瓷件有无闪络痕迹。")


def checks(device, then, items):
    """A clause per item checked on patrol: (what, how often)."""
    return [f"{device}{what}应每{when}检查一次，检查结果记入设备运行记录，发现异常应立即报告值班负责人"
            f"并{then}{PATROL_NOTE}" for what, when in items]


TRANSFORMER = checks("变压器", "加强监视，必要时申请停运处理。", [
    ("油枕油位", "班"), ("上层油温", "班"), ("绕组温度", "班"), ("冷却器运行", "班"),
    ("呼吸器硅胶", "日"), ("套管油位", "日"), ("压力释放阀", "周"), ("气体继电器", "周"),
    ("有载调压机构", "周"), ("接地引下线", "月"), ("端子箱密封", "月"), ("消防设施", "月"),
    ("本体渗漏", "班"), ("声音振动", "班")])
BREAKER = checks("断路器", "按缺陷管理流程处理。", [
    ("SF6气体压力", "班"), ("分合闸指示", "班"), ("操动机构储能", "班"), ("加热器", "日"),
    ("机构箱密封", "周"), ("二次接线", "月"), ("接地连接", "月"), ("动作计数器", "月"),
    ("瓷套外观", "班"), ("引线接头", "班"), ("控制电源", "日"), ("汇控柜", "周"),
    ("防跳回路", "月"), ("液压油位", "日")])
DISCONNECTOR = [
    f"隔离开关{what}应每{when}检查一次，发现异常应立即报告值班负责人。" for what, when in [
        ("触头接触", "班"), ("绝缘子", "班"), ("传动连杆", "月"), ("闭锁装置", "月"),
        ("接地开关", "月"), ("操作机构", "周")]]

MANUAL = [
    p("变电站一次设备运行手册", "Title"),
    h("1 总则", 1),
    p("1.1 本手册适用于110kV及以下变电站一次设备的运行维护。"),
    p("1.2 运行人员应熟悉本手册，并经考试合格后上岗。"),
    h("2 变压器运行", 1),
    *clauses(2, TRANSFORMER[:7]),
    noted("2.8 变压器过负荷运行时应加强监视", "过负荷倍数和允许时间按制造厂规定执行，无规定时不得超过"
          "额定电流的1.3倍"),
    *[p(f"2.{k} {t}") for k, t in enumerate(TRANSFORMER[7:], 9)],
    h("3 断路器运行", 1),
    *clauses(3, BREAKER[:9]),
    noted("3.10 断路器SF6气体压力降至闭锁值时严禁操作", "闭锁值见制造厂说明书，一般为0.50MPa"),
    *[p(f"3.{k} {t}") for k, t in enumerate(BREAKER[9:], 11)],
    h("4 隔离开关运行", 1),
    *clauses(4, DISCONNECTOR),
    p("4.7 严禁用隔离开关拉合负荷电流和故障电流。"),
]
# Word's table of contents: a TOC field whose entries end in a dotted tab and the page number.
CONTENTS_STYLE = (
    '<style:style style:name="Contents_20_1" style:display-name="Contents 1" '
    'style:family="paragraph" style:parent-style-name="Standard"><style:paragraph-properties>'
    '<style:tab-stops><style:tab-stop style:position="16cm" style:type="right" '
    'style:leader-style="dotted" style:leader-text="."/></style:tab-stops>'
    f'</style:paragraph-properties>{text_props(12)}</style:style>')


def contents(entries):
    lines = "".join(f'<text:p text:style-name="Contents_20_1">{escape(t)}<text:tab/>{page}</text:p>'
                    for t, page in entries)
    return ('<text:table-of-content text:name="目录"><text:table-of-content-source '
            'text:outline-level="2"><text:index-title-template>目录</text:index-title-template>'
            '</text:table-of-content-source><text:index-body><text:index-title text:name="t">'
            f'{p("目录", "Center")}</text:index-title>{lines}</text:index-body>'
            '</text:table-of-content>')


CONTENTS_DOC = [MANUAL[0], contents([("1 总则", 2), ("2 变压器运行", 2), ("3 断路器运行", 3),
                                     ("4 隔离开关运行", 5)]),
                p("\u3000", "Break"), *MANUAL[1:]]
CONTENTS_INLINE_DOC = [MANUAL[0], contents([("1 总则", 1), ("2 变压器运行", 1), ("3 断路器运行", 3),
                                            ("4 隔离开关运行", 4)]), *MANUAL[1:]]

MANUAL_FRAGMENTS = [
    "本手册适用于110kV及以下变电站一次设备的运行维护",
    "过负荷倍数和允许时间按制造厂规定执行",
    "闭锁值见制造厂说明书，一般为0.50MPa",
    "严禁用隔离开关拉合负荷电流和故障电流",
]
MANUAL_NOTES = [
    {"id": "脚注1", "find": "2.8变压器过负荷运行时应加强监视",
     "text": "过负荷倍数和允许时间按制造厂规定执行，无规定时不得超过额定电流的1.3倍"},
    {"id": "脚注2", "find": "3.10断路器SF6气体压力降至闭锁值时严禁操作",
     "text": "闭锁值见制造厂说明书，一般为0.50MPa"},
]


# A work instruction as a distribution team types it: nothing captioned 表N; the tables are named
# by the line above them or the chapter they open.
STEP_ROWS = [["序号", "作业步骤", "作业内容及标准", "危险点", "控制措施"]] + [
    [str(i), *row] for i, row in enumerate([
        ("核对设备", "核对线路名称、杆号与工作票一致", "误登带电杆塔", "逐基核对双重名称"),
        ("验电", "使用相应电压等级的合格验电器逐相验电", "感应电伤人",
         "验电前在带电设备上确认验电器良好"),
        ("装设接地线", "先装接地端，后装导体端，接触良好", "接地线脱落",
         "使用绝缘棒，人体不得碰触接地线"),
        ("登杆", "检查杆根、拉线及登杆工具", "高处坠落", "全程使用安全带，移位时不得失去保护"),
        ("更换绝缘子", "拆除旧绝缘子，安装新绝缘子并紧固", "工具材料坠落",
         "上下传递使用绳索，杆下不得站人"),
        ("检查复核", "检查销钉、弹簧销齐全，开口角度符合要求", "遗漏工器具", "清点工器具和材料"),
        ("拆除接地线", "先拆导体端，后拆接地端", "误拆或漏拆", "核对接地线编号和数量"),
        ("清理现场", "清理作业现场，人员撤离", "遗留杂物", "工作负责人检查确认")], 1)]
REVISIONS = [["版本", "修订日期", "修订内容"], ["A/0", "2024年5月", "首次发布"],
             ["A/1", "2026年3月", "增加危险点分析"]]
RECORD = [["检查项目", "结果", "检查人"], ["绝缘子型号与设计一致", "□是 □否", ""],
          ["销钉、弹簧销齐全", "□是 □否", ""], ["接地线已全部拆除", "□是 □否", ""]]
INSTRUCTION = [
    p("10kV配电线路更换绝缘子作业指导书", "Title"),
    p("编号：ZY-PD-012-2026", "Center"),
    table([["编写", "张三", "2026年3月1日"], ["审核", "李四", "2026年3月5日"],
           ["批准", "王五", "2026年3月10日"]], 0),
    p("某某供电公司配电运检室 发布", "Center"),
    p("修订记录", "Center"),
    table(REVISIONS),
    p("1 范围", "Item"),
    p("本指导书规定了10kV配电线路停电更换绝缘子作业的准备、步骤和验收要求。"),
    p("本指导书适用于公司所属10kV架空配电线路的停电更换绝缘子作业。"),
    p("2 规范性引用文件", "Item"),
    p("下列文件对于本指导书的应用是必不可少的。"),
    p("GB 26859 电力安全工作规程 电力线路部分"),
    p("3 作业前准备", "Item"),
    p("3.1 人员要求", "Item"),
    p("3.1.1 作业人员应身体健康，精神状态良好，经安全规程考试合格。"),
    p("3.1.2 工作负责人应具有三年以上配电线路工作经验。"),
    p("3.2 工器具", "Item"),
    p("3.2.1 安全带、脚扣等登高工具应在试验合格期内，使用前进行外观检查。"),
    p("3.2.2 验电器应与线路电压等级相符，使用前在有电设备上确认良好。"),
    p("4 作业步骤及标准", "Item"),
    table(STEP_ROWS),
    p("注：作业中如遇雷雨、大风等恶劣天气，应立即停止作业。"),
    p("5 验收", "Item"),
    p("5.1 绝缘子安装应牢固，瓷裙无裂纹，表面清洁。"),
    p("5.2 验收合格后，工作负责人向工作许可人汇报工作终结。"),
    p("", "Break"),
    p("附录A", "Part"),
    p("（规范性附录）", "Center"),
    p("作业记录表", "Center"),
    table(RECORD),
]
INSTRUCTION_CHAPTERS = [
    {"section": "1", "title": "范围", "level": 1, "printed": "1 范围"},
    {"section": "2", "title": "规范性引用文件", "level": 1, "printed": "2 规范性引用文件"},
    {"section": "3", "title": "作业前准备", "level": 1, "printed": "3 作业前准备"},
    {"section": "3.1", "title": "人员要求", "level": 2, "printed": "3.1 人员要求"},
    {"section": "3.2", "title": "工器具", "level": 2, "printed": "3.2 工器具"},
    {"section": "4", "title": "作业步骤及标准", "level": 1, "printed": "4 作业步骤及标准"},
    {"section": "5", "title": "验收", "level": 1, "printed": "5 验收"},
    {"section": "附录A", "title": "作业记录表", "level": 1, "printed": "附录A（规范性附录）作业记录表"},
]
INSTRUCTION_TABLES = [
    {"id": "T2", "find": "修订记录版本修订日期修订内容", "rows": REVISIONS[1:]},
    {"id": "T3", "find": "序号作业步骤作业内容及", "rows": [r[1:] for r in STEP_ROWS[1:]]},
    {"id": "T5", "find": "检查项目结果检查人", "rows": [r[:2] for r in RECORD[1:]]},
]
INSTRUCTION_FRAGMENTS = [
    "工作负责人应具有三年以上配电线路工作经验",
    "作业中如遇雷雨、大风等恶劣天气，应立即停止作业",
    "验收合格后，工作负责人向工作许可人汇报工作终结",
]


def export(fodt: Path, out_dir: Path, fmt: str, profile: Path):
    subprocess.run(["soffice", "--headless", f"-env:UserInstallation=file://{profile}",
                    "--convert-to", fmt, "--outdir", str(out_dir), str(fodt)],
                   check=True, capture_output=True)


def plain(xml):
    return re.sub(r"<[^>]+>", "", xml).replace("&lt;", "<").replace("&gt;", ">").replace(
        "&amp;", "&")


# The manual numbered by the word processor (outline numbering 1, 2, 3): the header's chapter
# field, like Word's STYLEREF field by default, prints the chapter's name without its number.
NAMED_NUMBERING = ('<text:outline-style style:name="Outline"><text:outline-level-style '
                   f'text:level="1" {label(1, "", "", digits="1")}</text:outline-level-style>'
                   '</text:outline-style>')
NAMED_DOC = [outline(re.sub(r"^\d+ ", "", plain(x)), 1) if "<text:h" in x else x for x in MANUAL]
NAMED_CHAPTERS = [{"section": str(k), "title": t, "level": 1, "printed": f"{k} {t}"}
                  for k, t in enumerate(["总则", "变压器运行", "断路器运行", "隔离开关运行"], 1)]


def chapters_of(body):
    """The headings of a body as written: 一、 parts (Part), 1. items (Item), Heading 1."""
    out = []
    for xml in body:
        t = plain(xml)
        if 'text:style-name="Part"' in xml:
            num, title = t.split("、", 1)
            out.append({"section": num, "title": title, "level": 1, "printed": t})
        elif 'text:style-name="Item"' in xml:
            num, title = t.split(".", 1)
            out.append({"section": num, "title": title, "level": 2, "printed": t})
        elif "<text:h" in xml:
            m = re.match(r"(\d+)\s+(.+)", t)
            out.append({"section": m[1] if m else "", "title": m[2] if m else t, "level": 1,
                        "printed": t})
    return out


def pdf_pages(pdf, header=False):
    """Each page's text without white space; `header`: without its first line, a running header
    that names a chapter (so that the chapter is found where its heading is, not in a header)."""
    n = int(re.search(r"Pages:\s+(\d+)", subprocess.run(["pdfinfo", str(pdf)], check=True,
                                                        capture_output=True, text=True).stdout)[1])
    pages = []
    for k in range(1, n + 1):
        t = subprocess.run(["pdftotext", "-f", str(k), "-l", str(k), "-layout", str(pdf), "-"],
                           check=True, capture_output=True, text=True).stdout
        if header:
            t = "\n".join(t.strip().split("\n")[1:])
        pages.append(re.sub(r"\s+", "", t))
    return pages


def page_of(pages, text, after=1, leaders=False):
    """`leaders`: not where the text is a contents entry (followed by its leader dots)."""
    key = re.sub(r"\s+", "", text)
    for k in range(after, len(pages) + 1):
        if re.search(re.escape(key) + (r"(?![.…])" if leaders else ""), pages[k - 1]):
            return k
    raise SystemExit(f"'{text}' is not in the rendering")


def gold_for(name, fmt, body, tables, fragments, pdf, headings=None, header=False):
    """`headings`: the chapters as printed where Word draws their numbers (else read from the
    body's text); `header`: the pages have a running header that names a chapter."""
    pages = pdf_pages(pdf, header)
    # A contents page lists the chapters: they are looked for where no leader dots follow them.
    contents = any("<text:table-of-content" in xml for xml in body)
    chapters, at = [], 1
    for c in headings or chapters_of(body):
        c = dict(c)
        printed = c.pop("printed")
        at = page_of(pages, re.sub(r"\s+", "", printed), at, contents)
        chapters.append({**c, "page": at})
    return {
        "fixture": f"{name}.{fmt}",
        "format": fmt,
        "ingest_args": [],
        "reference": "written by scripts/make-office-fixtures.py from the document it generates; "
                     "pages from LibreOffice's PDF export read with pdftotext, page by page",
        "page_count": len(pages),
        "chapter_depth": 2,
        "chapters": chapters,
        "tables": [{**t, "page": page_of(pages, t["find"])} for t in tables],
        "notes": [],
        "fragments": [{"page": page_of(pages, f), "text": f} for f in fragments],
    }


GUIDE_TABLES = [
    {"id": "表1", "find": "表1主要设备参数", "rows": [[r[1], r[2], r[3]] for r in PARAMS]},
    {"id": "表3.2-1", "find": "表3.2-1电池簇充电电流限值",
     "rows": [["0℃～10℃", "0.2C"], ["10℃～45℃", "0.5C"], ["高于45℃", "禁止充电"]]},
]
GUIDE_FRAGMENTS = [
    "为规范储能电站的运行操作，保障人身、电网和设备安全",
    "电池荷电状态低于15%SOC时应停止放电",
    "10MW*4h=40MW·h=100%SOC",
    "遇大风、暴雨、高温等恶劣天气时，应增加特殊巡视",
    "本指南自发布之日起执行",
]


# The chapters of office-rules as Word draws them.
RULES_CHAPTERS = [
    {"section": "第一章", "title": "总则", "level": 1, "printed": "第一章 总则"},
    {"section": "第二章", "title": "巡视管理", "level": 1, "printed": "第二章 巡视管理"},
    {"section": "第一节", "title": "巡视周期", "level": 2, "printed": "第一节 巡视周期"},
    {"section": "第二节", "title": "特殊巡视", "level": 2, "printed": "第二节 特殊巡视"},
    {"section": "第三章", "title": "缺陷管理", "level": 1, "printed": "第三章 缺陷管理"},
    {"section": "第四章", "title": "附则", "level": 1, "printed": "第四章 附则"},
]
RULES_TABLES = [
    # A cell merged down the rows is stored once, on its first row; the rows under it are
    # labelled by their first cell of their own (score.py's rule for merged cells).
    {"id": "T1", "find": "设备类别巡视项目周期", "rows": [
        [c[0] if isinstance(c, tuple) else c for c in r if c is not None]
        for r in PATROL_BY_KIND[1:]]},
    {"id": "T2", "find": "序号缺陷内容缺陷等级处理时限", "rows": [r[1:] for r in DEFECT_ROWS[1:]]},
]
RULES_FRAGMENTS = [
    "第一条 为加强配电设备运维管理",
    "（一）大风、暴雨、冰雪等恶劣天气后",
    "危急缺陷指严重威胁人身或设备安全",
    "提示：单人巡视时禁止攀登杆塔和配电变压器台架",
    "第七条 本规定由运维检修部负责解释",
]

WIDE_TABLES = [{"id": "T1", "find": "序号设备名称型号", "rows": [r[1:] for r in BANKS[1:]]}]
WIDE_FRAGMENTS = ["本规程适用于变电站10kV并联电容器组", "表中设备应每年校核一次"]

GRID_TABLES = [
    {"id": "T1", "find": "2.2测风设备的检定周期如下", "rows": [["风向标", "12个月", "与风速计同时检定"]]},
]
GRID_FRAGMENTS = [
    "在4m/s～25m/s范围内测量误差不应超过±0.5m/s。",
    "应能连续记录并保存全部测量参数的数据。",
    "接地电阻不应大于4Ω。",
]


def main():
    args = sys.argv[1:]
    gold_dir = None
    if "--gold" in args:
        gold_dir = Path(args[args.index("--gold") + 1])
        del args[args.index("--gold"):args.index("--gold") + 2]
    out = Path(args[0] if args else "tests/fixtures")
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        for name, body, numbering, pages in [
                ("office-guide", GUIDE, "", ""), ("office-title", TITLE_DOC, "", ""),
                ("office-notice", NOTICE, "", ""),
                ("office-grid", GRID_DOC, "", ""),
                ("office-rules", RULES, RULES_NUMBERING, RULES_PAGES),
                ("office-wide", WIDE_DOC, "", WIDE_PAGES),
                ("office-manual", MANUAL, "", MANUAL_PAGES),
                ("office-contents", CONTENTS_DOC, CONTENTS_STYLE, MANUAL_PAGES),
                ("office-contents-inline", CONTENTS_INLINE_DOC, CONTENTS_STYLE, MANUAL_PAGES),
                ("office-named", NAMED_DOC, NAMED_NUMBERING, MANUAL_PAGES),
                ("office-instruction", INSTRUCTION, "", "")]:
            fodt = tmp / f"{name}.fodt"
            fodt.write_text(document("", body, numbering, pages), encoding="utf-8")
            export(fodt, out, "docx:MS Word 2007 XML", tmp / "lo")
            export(fodt, out, "pdf:writer_pdf_Export", tmp / "lo")
            print(f"wrote {out / name}.docx and .pdf")
        if gold_dir:
            gold_dir.mkdir(parents=True, exist_ok=True)
            # A Word file's pages are LibreOffice's rendering of the .docx itself.
            rendered = tmp / "rendered"
            for name, body, tables, fragments, headings in [
                    ("office-guide", GUIDE, GUIDE_TABLES, GUIDE_FRAGMENTS, None),
                    ("office-notice", NOTICE, [], NOTICE_FRAGMENTS, NOTICE_CHAPTERS),
                    ("office-grid", GRID_DOC, GRID_TABLES, GRID_FRAGMENTS, None),
                    ("office-rules", RULES, RULES_TABLES, RULES_FRAGMENTS, RULES_CHAPTERS),
                    ("office-wide", WIDE_DOC, WIDE_TABLES, WIDE_FRAGMENTS, None),
                    ("office-manual", MANUAL, [], MANUAL_FRAGMENTS, None),
                    ("office-contents", CONTENTS_DOC, [], MANUAL_FRAGMENTS, None),
                    ("office-contents-inline", CONTENTS_INLINE_DOC, [], MANUAL_FRAGMENTS, None),
                    ("office-named", NAMED_DOC, [], MANUAL_FRAGMENTS, NAMED_CHAPTERS),
                    ("office-instruction", INSTRUCTION, INSTRUCTION_TABLES,
                     INSTRUCTION_FRAGMENTS, INSTRUCTION_CHAPTERS)]:
                export(out / f"{name}.docx", rendered, "pdf:writer_pdf_Export", tmp / "lo")
                for fmt, pdf in (("pdf", out / f"{name}.pdf"), ("docx", rendered / f"{name}.pdf")):
                    manual = name.startswith(("office-manual", "office-contents", "office-named"))
                    g = gold_for(name, fmt, body, tables, fragments, pdf, headings, manual)
                    if manual:
                        pages = pdf_pages(pdf, header=True)
                        g["notes"] = [{"id": n["id"], "page": page_of(pages, n["find"]),
                                       "text": n["text"]} for n in MANUAL_NOTES]
                    path = gold_dir / f"{name}-{fmt}.json"
                    path.write_text(json.dumps(g, ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")
                    print(f"wrote {path}")

if __name__ == "__main__":
    main()
