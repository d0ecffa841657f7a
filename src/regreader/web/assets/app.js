// RegReader reading room: library, page view with the chapter tree, search, tables with their
// notes, references as links, ask. Everything a regulation holds is shown as text
// (textContent / createTextNode, never parsed as HTML), so a document's "<script>" is only text.
"use strict";

const main = () => document.getElementById("main");

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") e.addEventListener("click", v);
    else if (k === "text") e.textContent = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) {
    if (c === null || c === undefined) continue;
    e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
  }
  return e;
}

// A view whose address is no longer the current one (the reader moved on while it loaded) is
// not drawn: the newer view is.
let routing = "";

function show(...nodes) {
  if (routing !== location.hash) return;
  const m = main();
  m.replaceChildren(...nodes);
  // Focus for keyboard and screen-reader users, without scrolling the header off the screen.
  m.focus({preventScroll: true});
}

async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error((data.error && data.error.message) || res.statusText);
  return data;
}
const tool = (name, args) => api("/api/tool/" + encodeURIComponent(name), args);
const enc = encodeURIComponent;

function fail(e) {
  show(el("p", {class: "warn", role: "alert"}, "出错：" + e.message));
}

// Text with 【…】 highlights (search snippets) as <mark>, built from text nodes.
function marked(text) {
  const span = el("span");
  const parts = String(text).split(/(【[^】]*】)/);
  for (const p of parts) {
    if (p.startsWith("【") && p.endsWith("】")) span.appendChild(el("mark", {text: p.slice(1, -1)}));
    else if (p) span.appendChild(document.createTextNode(p));
  }
  return span;
}

// "见表1", "见5.3.2", "按附录A", "见注1" become links that resolve_reference follows.
const REF = /((?:见|参见|按|详见)(?:表\s*[A-Z]?\d+(?:[.\-]\d+)*|注\s*[0-9①-⑩一二三四五六七八九十]+|附录\s*[A-Z]|第?\d+(?:\.\d+)+条?))/g;

function withRefs(text, regId) {
  const span = el("span");
  let last = 0;
  for (const m of String(text).matchAll(REF)) {
    if (m.index > last) span.appendChild(document.createTextNode(text.slice(last, m.index)));
    const ref = m[1];
    span.appendChild(el("a", {class: "ref", href: "#", onclick: (ev) => {
      ev.preventDefault();
      follow(regId, ref);
    }}, ref));
    last = m.index + ref.length;
  }
  if (last < text.length) span.appendChild(document.createTextNode(text.slice(last)));
  return span;
}

async function follow(regId, ref) {
  try {
    const r = await tool("resolve_reference", {reg_id: regId, reference_text: ref});
    if (!r.resolved) throw new Error("未能解析：" + ref);
    if (r.kind === "table") location.hash = `#/table/${enc(regId)}/${enc(r.target)}`;
    else location.hash = `#/r/${enc(regId)}/${r.target_page}`;
  } catch (e) { alert(e.message); }
}

let library = [];

async function viewLibrary() {
  library = await api("/api/regulations");
  if (!library.length) return show(el("p", {}, "数据目录中还没有规程：用 regreader ingest 添加。"));
  const rows = library.map((r) => el("tr", {},
    el("td", {}, el("a", {href: `#/r/${enc(r.reg_id)}/1`}, r.reg_id)),
    el("td", {}, r.title),
    el("td", {}, String(r.total_pages)),
    el("td", {}, r.format + ({synthetic: "（估算分页）", rendered: "（LibreOffice 分页）"}[r.paging] || "")),
    el("td", {class: "verdict-" + (r.fidelity || "none")},
       (r.fidelity ? {good: "良好", fair: "一般", poor: "差"}[r.fidelity] || r.fidelity : "—") +
       (r.ocr_pages ? `；OCR ${r.ocr_pages} 页` : ""))));
  show(el("h1", {}, "规程库"),
       el("table", {class: "list"},
          el("thead", {}, el("tr", {}, ...["编号", "标题", "页数", "格式", "保真度"].map((h) => el("th", {}, h)))),
          el("tbody", {}, ...rows)));
}

function tocTree(nodes, regId) {
  const ul = el("ul");
  for (const n of nodes) {
    const label = [n.section_number, n.title].filter(Boolean).join(" ");
    const li = el("li", {}, el("a", {href: `#/r/${enc(regId)}/${n.page_start}`,
                                     "data-start": String(n.page_start), "data-end": String(n.page_end || n.page_start)},
                               `${label} (p${n.page_start}${n.page_end > n.page_start ? "-" + n.page_end : ""})`));
    if (n.children && n.children.length) li.appendChild(tocTree(n.children, regId));
    ul.appendChild(li);
  }
  return ul;
}

// The chapter tree follows the page being read: the chapters whose pages hold it are marked (the
// last of them in the tree, the deepest, is the reader's place) and scrolled into the tree's view.
function markTocPlace(nav, page) {
  let here = null;
  for (const a of nav.querySelectorAll("a[data-start]")) {
    const inside = +a.dataset.start <= page && page <= +a.dataset.end;
    a.classList.toggle("here", inside);
    if (inside) here = a;
  }
  if (!here) return;
  here.setAttribute("aria-current", "page");
  nav.scrollTop = Math.max(0, here.offsetTop - nav.clientHeight / 3);
}

// A table block drawn from its cells (spans kept); a cell OCR was unsure of is marked, with the
// reason on hover. The caption stays text with its references as links.
function tableNode(t, regId) {
  const wrap = el("div", {class: "table-wrap"});
  if (t.caption) wrap.appendChild(el("div", {class: "caption"}, withRefs(t.caption, regId)));
  const table = el("table");
  const rows = new Map();
  for (const c of t.cells || []) {
    if (!rows.has(c.row)) rows.set(c.row, []);
    rows.get(c.row).push(c);
  }
  for (const r of [...rows.keys()].sort((a, b) => a - b)) {
    const tr = el("tr");
    for (const c of rows.get(r).sort((a, b) => a.col - b.col)) {
      const attrs = {};
      if (c.row_span > 1) attrs.rowspan = String(c.row_span);
      if (c.col_span > 1) attrs.colspan = String(c.col_span);
      if (c.unsure) Object.assign(attrs, {class: "unsure", title: "OCR 识别不确定：请对照原页核实"});
      tr.appendChild(el(r === 0 ? "th" : "td", attrs, withRefs(c.content, regId)));
    }
    table.appendChild(tr);
  }
  wrap.appendChild(table);
  return wrap;
}

function blockNode(b, regId, highlight) {
  const div = el("div", {class: "block " + b.block_type + (b.block_id === highlight ? " hit" : ""),
                         id: "b-" + b.block_id, tabindex: "-1"});
  const cells = b.table_meta && b.table_meta.cells && b.table_meta.cells.length;
  // Markdown's heading marks and bold stars are for models; a reader sees the words.
  const shown = String(b.content_markdown).replace(/^#{1,6}\s+/, "").replace(/\*\*(.+?)\*\*/g, "$1");
  div.appendChild(cells ? tableNode(b.table_meta, regId) : withRefs(shown, regId));
  return div;
}

// The page as printed with each located block as a box over it (positions set through the
// CSSOM: the page's CSP allows no inline styles). A box opens its text block; the hit is marked.
function pageSheet(regId, page, pageDoc, highlight) {
  const sheet = el("div", {class: "sheet"},
    el("img", {src: `/api/regulations/${enc(regId)}/pages/${page}/image.png`, alt: `第 ${page} 页原貌`}));
  if (!pageDoc.page_size) return sheet;
  const [w, h] = pageDoc.page_size;
  for (const b of pageDoc.content_blocks) {
    if (!b.rect) continue;
    const [x0, y0, x1, y1] = b.rect;
    const box = el("div", {class: "box" + (b.block_id === highlight ? " hit" : ""), "data-block": b.block_id,
                           title: b.content_markdown.slice(0, 60), role: "button", "aria-label": "定位到文字"});
    const pad = 2;
    Object.assign(box.style, {left: `${(x0 - pad) / w * 100}%`, top: `${(y0 - pad) / h * 100}%`,
                              width: `${(x1 - x0 + 2 * pad) / w * 100}%`, height: `${(y1 - y0 + 2 * pad) / h * 100}%`});
    box.addEventListener("click", () => {
      const t = document.getElementById("b-" + b.block_id);
      if (t) { t.scrollIntoView({block: "center"}); t.focus(); }
    });
    sheet.appendChild(box);
  }
  return sheet;
}

// What a citation points at, as text to find on the page: "表1" also as "表 1"; a figure
// "0.70 m" also without its unit or spaces.
function findVariants(find) {
  const out = new Set();
  for (const f of find || []) {
    const s = String(f).trim();
    if (!s) continue;
    out.add(s);
    out.add(s.replace(/\s+/g, ""));
    const m = s.match(/^([表注图附录]+)\s*(.+)$/);
    if (m) out.add(m[1] + " " + m[2]);
    const num = s.match(/^[±+-]?\d+(?:\.\d+)?/);
    if (num && num[0].length >= 2) out.add(num[0]);
  }
  return [...out].filter((x) => x.length >= 2).sort((a, b) => b.length - a.length);
}

// The first of `marks` in `s` at or after nothing: [index, mark], or [-1, ""].
function firstMark(s, marks) {
  let i = -1, m = "";
  for (const x of marks) {
    const j = s.indexOf(x);
    if (j >= 0 && (i < 0 || j < i)) { i = j; m = x; }
  }
  return [i, m];
}

// Each occurrence of `marks` in the node's text as <mark> (built from text nodes).
function withMarks(node, marks) {
  if (!marks.length) return node;
  const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
  const texts = [];
  while (walker.nextNode()) texts.push(walker.currentNode);
  for (const t of texts) {
    let rest = t.textContent;
    let [i, m] = firstMark(rest, marks);
    if (i < 0) continue;
    const frag = document.createDocumentFragment();
    while (i >= 0) {
      frag.appendChild(document.createTextNode(rest.slice(0, i)));
      frag.appendChild(el("mark", {class: "cited-figure", text: m}));
      rest = rest.slice(i + m.length);
      [i, m] = firstMark(rest, marks);
    }
    frag.appendChild(document.createTextNode(rest));
    t.replaceWith(frag);
  }
  return node;
}

async function viewPage(regId, page, highlight, find) {
  const [info, toc, pageDoc] = await Promise.all([
    api("/api/regulations/" + enc(regId)),
    tool("get_toc", {reg_id: regId, max_depth: 10}),
    api(`/api/regulations/${enc(regId)}/pages/${page}`)]);
  const total = info.total_pages;
  // A citation's object and figures: the first block holding one is the cited block.
  const marks = findVariants(find);
  if (!highlight && marks.length) {
    const cited = pageDoc.content_blocks.find((b) => marks.some((m) => b.content_markdown.includes(m)));
    if (cited) highlight = cited.block_id;
  }
  const go = (p) => { if (p >= 1 && p <= total) location.hash = `#/r/${enc(regId)}/${p}`; };
  const jump = el("input", {type: "text", placeholder: "跳到条款，如 5.2.3 或 表1", "aria-label": "跳到条款"});
  jump.addEventListener("keydown", (ev) => { if (ev.key === "Enter") follow(regId, "见" + jump.value.trim()); });
  const pager = el("div", {class: "pager"},
    el("button", {onclick: () => go(page - 1), "aria-label": "上一页"}, "‹ 上一页"),
    el("strong", {}, `${info.title} — 第 ${page} / ${total} 页`),
    el("button", {onclick: () => go(page + 1), "aria-label": "下一页"}, "下一页 ›"), jump);
  const parts = [pager];
  if (info.paging === "synthetic") parts.push(el("p", {class: "warn"}, "本文件没有原始分页：页码为 RegReader 估算。"));
  if (info.paging === "rendered")
    parts.push(el("p", {class: "warn"}, "页码按 LibreOffice 对 Word 文件的排版：与 Word 或印刷版可能相差一页，引用时请同时注明条款号。"));
  if (pageDoc.text_source === "ocr")
    parts.push(el("p", {class: "warn"}, `本页文字来自 OCR（置信度 ${Math.round(pageDoc.ocr_confidence)}）：数值请对照原图核实。`));
  if (info.has_page_images) parts.push(pageSheet(regId, page, pageDoc, highlight));
  else parts.push(el("p", {class: "src"}, "本文件没有保存可绘制的原页面（Word、Markdown 等），以下为文字。"));
  const text = el("div", {class: "text"},
                  ...pageDoc.content_blocks.map((b) => withMarks(blockNode(b, regId, highlight), marks)));
  parts.push(text);
  if (pageDoc.annotations && pageDoc.annotations.length)
    parts.push(el("div", {class: "notes"}, el("h3", {}, "本页注释"),
      ...pageDoc.annotations.map((a) => el("p", {}, el("strong", {}, a.annotation_id + "："), withRefs(a.content, regId)))));
  const nav = el("nav", {class: "toc", "aria-label": "目录"}, tocTree(toc.toc, regId));
  show(el("div", {class: "reader"}, nav,
          el("section", {class: "page", "data-reg": regId, "data-page": String(page)}, ...parts)));
  markTocPlace(nav, page);
  document.onkeydown = (ev) => {
    if (ev.target.tagName === "INPUT") return;
    if (ev.key === "ArrowLeft") go(page - 1);
    if (ev.key === "ArrowRight") go(page + 1);
  };
  if (highlight) {
    const hit = document.getElementById("b-" + highlight);
    if (hit) { hit.scrollIntoView({block: "center"}); hit.focus(); }
  }
}

// The search filters of smart_search: regulation, block type, chapter, section (with its
// sub-clauses, or exactly). Kept in the address (#/search/Q?reg=…&type=…&chapter=…&section=…).
function searchFilters(q, params, regs) {
  const reg = el("select", {"aria-label": "规程", name: "reg"}, el("option", {value: ""}, "全部规程"),
                 ...regs.map((r) => el("option", {value: r.reg_id}, r.reg_id)));
  reg.value = params.get("reg") || "";
  const type = el("select", {"aria-label": "类型", name: "type"},
                  ...[["", "全部类型"], ["text", "正文"], ["heading", "标题"], ["list", "列表"], ["table", "表格"]]
                    .map(([v, t]) => el("option", {value: v}, t)));
  type.value = params.get("type") || "";
  const chapter = el("input", {type: "text", name: "chapter", placeholder: "章节（如 5.2 或标题词）", "aria-label": "章节"});
  chapter.value = params.get("chapter") || "";
  const section = el("input", {type: "text", name: "section", placeholder: "条款（如 5.2.3）", "aria-label": "条款"});
  section.value = params.get("section") || "";
  const exact = el("input", {type: "checkbox", name: "exact", "aria-label": "仅此条款"});
  exact.checked = params.get("exact") === "1";
  const form = el("form", {class: "filters", role: "search"}, reg, type, chapter, section,
                  el("label", {}, exact, "仅此条款"), el("button", {type: "submit"}, "筛选"));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const p = new URLSearchParams();
    for (const [k, v] of [["reg", reg.value], ["type", type.value], ["chapter", chapter.value.trim()],
                          ["section", section.value.trim()], ["exact", exact.checked ? "1" : ""]])
      if (v) p.set(k, v);
    location.hash = `#/search/${enc(q)}` + (p.toString() ? "?" + p.toString() : "");
  });
  return form;
}

async function viewSearch(q, params) {
  params = params || new URLSearchParams();
  document.getElementById("search-q").value = q;
  const args = {query: q, limit: 20};
  if (params.get("reg")) args.reg_id = params.get("reg");
  if (params.get("type")) args.block_types = [params.get("type")];
  if (params.get("chapter")) args.chapter_scope = params.get("chapter");
  if (params.get("section")) {
    args.section_number = params.get("section");
    if (params.get("exact") === "1") args.section_exact = true;
  }
  const [r, regs] = await Promise.all([tool("smart_search", args), api("/api/regulations")]);
  const items = r.results.map((h) => el("div", {class: "hit-item"},
    el("a", {href: `#/r/${enc(h.reg_id)}/${h.page_num}?block=${enc(h.block_id)}`, class: "hit-link"},
       `${h.reg_id} 第 ${h.page_num} 页 ${h.section_number || ""}`),
    h.match === "exact" ? null : el("span", {class: "src"}, "（部分匹配）"),
    el("div", {}, marked(h.snippet)),
    el("div", {class: "src"}, (h.chapter_path || []).join(" › "))));
  show(el("h1", {}, `“${q}” 的检索结果`), searchFilters(q, params, regs),
       ...(items.length ? items : [el("p", {}, "没有找到。")]));
}

async function viewTable(regId, tableId) {
  const t = await tool("get_table_by_id", {reg_id: regId, table_id: tableId});
  const c = t;
  // The merged table's Markdown rows, drawn as a table (cells as text).
  const lines = String(c.markdown || "").split("\n").filter((l) => l.startsWith("|") && !/^\|[\s\-:|]+\|$/.test(l));
  const cells = (l) => l.slice(1, -1).split("|").map((x) => x.trim());
  const body = lines.length
    ? el("table", {}, el("tr", {}, ...cells(lines[0]).map((h) => el("th", {}, h))),
         ...lines.slice(1).map((l) => el("tr", {}, ...cells(l).map((v) => el("td", {}, v)))))
    : el("pre", {}, c.markdown || "");
  const notes = (t.notes || []).map((a) =>
    el("p", {}, el("strong", {}, (a.annotation_id || "") + "："), withRefs(a.content || "", regId)));
  show(el("h1", {}, c.caption || tableId),
       el("p", {}, el("a", {href: `#/r/${enc(regId)}/${c.page_start}`}, `第 ${c.page_start}${c.page_end > c.page_start ? "-" + c.page_end : ""} 页`),
          `（${t.source || ""}）`),
       el("div", {class: "block"}, body), el("div", {class: "notes"}, ...notes));
}

async function viewAsk() {
  const q = el("textarea", {rows: "3", cols: "60", "aria-label": "问题", placeholder: "例如：10kV 设备不停电时的安全距离是多少？"});
  const out = el("div", {class: "answer", "aria-live": "polite"});
  const claims = el("ul", {class: "claims"});
  const status = el("p", {class: "src"});
  const run = async () => {
    out.textContent = ""; claims.replaceChildren(); status.textContent = "正在检索与作答…";
    const res = await fetch("/api/ask", {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify({question: q.value})});
    if (!res.ok) {
      const e = await res.json().catch(() => ({}));
      status.textContent = (e.error && e.error.message) || res.statusText;
      return;
    }
    const reader = res.body.getReader();
    const dec = new TextDecoder();
    let buf = "";
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      buf += dec.decode(value, {stream: true});
      let i;
      while ((i = buf.indexOf("\n\n")) >= 0) {
        const frame = buf.slice(0, i); buf = buf.slice(i + 2);
        const ev = (frame.match(/^event: (.*)$/m) || [])[1] || "message";
        const data = JSON.parse((frame.match(/^data: (.*)$/m) || [])[1] || "{}");
        if (ev === "text") out.appendChild(document.createTextNode(data.text));
        else if (ev === "tool") status.textContent = "调用工具：" + data.tool;
        else if (ev === "done") {
          status.textContent = "完成";
          for (const c of data.claims || []) {
            const li = el("li", {class: c.verdict === "verified" ? "ok" : "bad"}, `${c.verdict}：${c.text || ""} `);
            for (const cit of c.citations || []) {
              // The cited page opens with the cited object (表1, 注1, 5.3) and the claim's figures marked.
              const find = [...(cit.objects || []), ...(c.figures || [])];
              const q = find.length ? "?find=" + enc(JSON.stringify(find)) : "";
              li.appendChild(el("a", {href: `#/r/${enc(cit.reg_id)}/${cit.page_first}${q}`, class: "cite"},
                                `【${cit.raw}】`));
              li.appendChild(el("span", {class: "verdict " + (cit.verdict === "verified" ? "ok" : "bad")},
                                ({verified: "已核对", figure_not_on_page: "数值不在此页", object_not_on_page: "所引对象不在此页",
                                  page_missing: "页不存在", regulation_unknown: "规程未知", not_read_in_run: "本次未读过"}[cit.verdict] || cit.verdict) + " "));
            }
            claims.appendChild(li);
          }
        } else if (ev === "error") status.textContent = data.message;
      }
    }
  };
  show(el("h1", {}, "问答"), q, el("div", {}, el("button", {onclick: run}, "提问")), status, out,
       el("h3", {}, "引用核对"), claims);
}

async function route() {
  const h = decodeURIComponent(location.hash.slice(1) || "/");
  const [path, query] = h.split("?");
  const params = new URLSearchParams(query || "");
  const seg = path.split("/").filter(Boolean);
  document.onkeydown = null;
  const hash = location.hash;
  routing = hash;
  try {
    await render(seg, params);
  } catch (e) { fail(e); }
  // Which address the view on screen answers (tests wait for it rather than for a selector the
  // previous view may also match).
  if (hash === location.hash) main().dataset.route = hash;
}

async function render(seg, params) {
  {
    if (seg[0] === "r" && seg.length >= 3) {
      let find = [];
      try { find = JSON.parse(params.get("find") || "[]"); } catch (e) { find = []; }
      return await viewPage(seg[1], parseInt(seg[2], 10) || 1, params.get("block"), find);
    }
    if (seg[0] === "search" && seg[1]) return await viewSearch(seg.slice(1).join("/"), params);
    if (seg[0] === "table" && seg.length >= 3) return await viewTable(seg[1], seg.slice(2).join("/"));
    if (seg[0] === "ask") return await viewAsk();
    return await viewLibrary();
  }
}

window.addEventListener("hashchange", route);
window.addEventListener("DOMContentLoaded", () => {
  document.getElementById("search-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const q = document.getElementById("search-q").value.trim();
    if (q) location.hash = "#/search/" + enc(q);
  });
  const help = document.getElementById("help");
  const toggleHelp = (open) => {
    help.hidden = !open;
    document.getElementById("help-link").setAttribute("aria-expanded", String(open));
    if (open) help.focus();
  };
  document.getElementById("help-link").addEventListener("click", () => toggleHelp(help.hidden));
  document.getElementById("help-close").addEventListener("click", () => toggleHelp(false));
  document.addEventListener("keydown", (ev) => {
    const typing = ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
    if (ev.key === "Escape" && !help.hidden) return toggleHelp(false);
    if (typing) return;
    if (ev.key === "/") {
      ev.preventDefault();
      document.getElementById("search-q").focus();
    } else if (ev.key === "?") {
      ev.preventDefault();
      toggleHelp(help.hidden);
    }
  });
  route();
});
