#!/usr/bin/env python3
"""Writes tests/fixtures/word-features.docx: a small Word file we wrote by hand that exercises what
pandoc cannot produce — a table with horizontally (w:gridSpan) and vertically (w:vMerge) merged
cells, a footnote, a heading style known only by its outline level, numbered headings whose
numbers come from numbering.xml (not from the text), and an equation in Office Math Markup (a
display formula and an inline one, as Word's equation editor writes them)."""
import sys
import zipfile

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
M = 'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"'

def p(text, style=None, num=None):
    ppr = ""
    if style or num:
        ppr = "<w:pPr>"
        if style:
            ppr += f'<w:pStyle w:val="{style}"/>'
        if num:
            ppr += f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
        ppr += "</w:pPr>"
    return f"<w:p>{ppr}<w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>"

def cell(text, span=1, vmerge=None):
    pr = ""
    if span > 1 or vmerge:
        pr = "<w:tcPr>"
        if span > 1:
            pr += f'<w:gridSpan w:val="{span}"/>'
        if vmerge == "restart":
            pr += '<w:vMerge w:val="restart"/>'
        elif vmerge == "continue":
            pr += "<w:vMerge/>"
        pr += "</w:tcPr>"
    return f"<w:tc>{pr}{p(text) if text else '<w:p/>'}</w:tc>"

table = ("<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/><w:gridCol/></w:tblGrid>"
         f"<w:tr>{cell('电压等级', vmerge='restart')}{cell('接地线截面 mm²', span=2)}</w:tr>"
         f"<w:tr>{cell('', vmerge='continue')}{cell('铜')}{cell('铝')}</w:tr>"
         f"<w:tr>{cell('10 kV')}{cell('25')}{cell('35')}</w:tr>"
         f"<w:tr>{cell('35 kV')}{cell('按短路电流计算确定', span=2)}</w:tr>"
         "</w:tbl>")

footnote_ref = ('<w:p><w:r><w:t xml:space="preserve">接地线应使用专用的线夹固定在导体上</w:t></w:r>'
                '<w:r><w:footnoteReference w:id="1"/></w:r>'
                '<w:r><w:t>，严禁用缠绕的方法进行接地或短路。</w:t></w:r></w:p>')

def mr(text):
    return f"<m:r><m:t>{text}</m:t></m:r>"

def mpart(name, inner):
    return f"<m:{name}>{inner}</m:{name}>"

def msub(base, sub):
    return f"<m:sSub>{mpart('e', mr(base))}{mpart('sub', mr(sub))}</m:sSub>"

# S ≥ I_k·√t / C: the section of a grounding lead from the fault current and its duration.
section_formula = ("<m:oMathPara><m:oMath>" + mr("S≥") + "<m:f>" +
                   mpart("num", msub("I", "k") + "<m:rad><m:radPr><m:degHide m:val=\"1\"/>"
                         "</m:radPr><m:deg/>" + mpart("e", mr("t")) + "</m:rad>") +
                   mpart("den", mr("C")) + "</m:f></m:oMath></m:oMathPara>")
formula_paragraphs = (
    '<w:p><w:r><w:t>接地线的截面按下式校核：</w:t></w:r></w:p>'
    f'<w:p>{section_formula}</w:p>'
    '<w:p><w:r><w:t xml:space="preserve">式中：</w:t></w:r><m:oMath>' + msub("I", "k") +
    '</m:oMath><w:r><w:t>为流过接地线的短路电流，单位为安；t为短路持续时间，单位为秒。</w:t></w:r></w:p>')

body = "".join([
    p("Word 功能示例规程", "Title"),
    p("总则", "Clause1", num=(1, 0)),
    p("本规程用于测试 Word 文件的读取。"),
    p("接地", "Clause1", num=(1, 0)),
    p("接地线", "Clause2", num=(1, 1)),
    footnote_ref,
    p("表1 接地线截面要求"),
    table,
    p("注：表中截面为最小值。"),
    p("接地线应编号", "Clause2", num=(1, 1)),
    p("检查接地线外观", None, num=(2, 0)),
    p("检查线夹", None, num=(2, 0)),
    p("接地线截面校核", "Clause2", num=(1, 1)),
    formula_paragraphs,
])
document = f'<?xml version="1.0" encoding="UTF-8"?><w:document {W} {M}><w:body>{body}</w:body></w:document>'

styles = f'''<?xml version="1.0" encoding="UTF-8"?><w:styles {W}>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
<w:style w:type="paragraph" w:styleId="Clause1"><w:name w:val="条款一级"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Clause2"><w:name w:val="条款二级"/><w:basedOn w:val="Clause1"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
</w:styles>'''

numbering = f'''<?xml version="1.0" encoding="UTF-8"?><w:numbering {W}>
<w:abstractNum w:abstractNumId="0">
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1"/></w:lvl>
<w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1">
<w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1)"/></w:lvl>
</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>'''

footnotes = f'''<?xml version="1.0" encoding="UTF-8"?><w:footnotes {W}>
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:id="1"><w:p><w:r><w:t>线夹应与导体截面相适应。</w:t></w:r></w:p></w:footnote>
</w:footnotes>'''

content_types = '''<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>
<Override PartName="/word/numbering.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.numbering+xml"/>
<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/>
</Types>'''
rels = '''<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>
</Relationships>'''
doc_rels = '''<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>
<Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>
</Relationships>'''

with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
    for name, data in [("[Content_Types].xml", content_types), ("_rels/.rels", rels),
                       ("word/_rels/document.xml.rels", doc_rels), ("word/document.xml", document),
                       ("word/styles.xml", styles), ("word/numbering.xml", numbering),
                       ("word/footnotes.xml", footnotes)]:
        info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
        z.writestr(info, data)
