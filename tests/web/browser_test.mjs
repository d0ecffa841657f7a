// The reading room in a real browser: Debian's chromium driven by playwright-core (no browser
// download). Starts `regreader serve --transport http` over a data directory with the sample
// regulation (PDF) and a hostile Markdown file, and the scripted model
// (../shared/tools/fake-llm-server.mjs) for the ask panel; then, as a user would:
//   open the library; open SAMPLE page 3 and see 表1; search 倒闸操作 and open the hit with its
//   block highlighted; follow 见表1 to the merged table; see the hostile document's markup as
//   text with no script run; ask a question and click a cited source; the phone-sized layout.
// Screenshots of each step go to --out. Exit 0 pass, 1 fail, 77 skip (no chromium / node_modules).
//
//   node tests/web/browser_test.mjs --bin build/release/regreader --out build/release/reading-room

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((a, v, i, all) =>
  (v.startsWith('--') ? [...a, [v.slice(2), all[i + 1]]] : a), []));
const bin = resolve(args.bin ?? join(root, 'build/release/regreader'));
const out = resolve(args.out ?? join(root, 'build/release/reading-room'));
const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';
const fakeLlm = resolve(root, '..', 'shared', 'tools', 'fake-llm-server.mjs');

function skip(why) { console.log(`SKIP: ${why}`); process.exit(77); }
if (!existsSync(chromiumPath)) skip(`no chromium at ${chromiumPath} (apt-get install chromium)`);
if (!existsSync(join(here, 'node_modules', 'playwright-core'))) skip('run `make web-deps` first');
const { chromium } = await import('playwright-core');

mkdirSync(out, { recursive: true });
const tmp = mkdtempSync(join(tmpdir(), 'rr-browser-'));
const data = join(tmp, 'data');
const run = (...a) => {
  const r = spawnSync(bin, ['--data-dir', data, '-q', ...a], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`regreader ${a.join(' ')}: ${r.stderr}`);
};
run('ingest', join(root, 'examples/sample-regulation.pdf'), '--reg-id', 'SAMPLE');
const hostile = join(tmp, 'hostile.md');
writeFileSync(hostile, '# 恶意规程\n\n## 1 范围\n\n<script>window.__pwned = 1</script> 本条见表1。' +
  '<img src=x onerror="window.__pwned = 2"> [点我](javascript:window.__pwned=3)\n');
run('ingest', hostile, '--reg-id', 'HOSTILE');
// A Word file: drawn from LibreOffice's rendering kept at ingest (when LibreOffice is there).
const haveOffice = spawnSync('sh', ['-c', 'command -v soffice || command -v libreoffice']).status === 0;
if (haveOffice) run('ingest', join(root, 'examples/sample-regulation.docx'), '--reg-id', 'WORD');
// GB 26860 from ../shared/corpus when it is there (never copied into the project).
const gb26860 = resolve(root, '..', 'shared', 'corpus', 'derived', 'GB26860-2011.rendered.pdf');
const haveCorpus = existsSync(gb26860);
if (haveCorpus) run('ingest', gb26860, '--reg-id', 'GB26860-2011');

function started(child, pattern, name) {
  return new Promise((ok, fail) => {
    let text = '';
    const timer = setTimeout(() => fail(new Error(`${name} did not start: ${text}`)), 10000);
    child.stderr.on('data', (d) => {
      text += d;
      const m = text.match(pattern);
      if (m) { clearTimeout(timer); ok(m); }
    });
    child.on('exit', (c) => fail(new Error(`${name} exited ${c}: ${text}`)));
  });
}

const children = [];
let failures = 0;
const check = (ok, what) => {
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures++;
};

let browser;
try {
  let llmUrl = '';
  if (existsSync(fakeLlm)) {
    const llmPort = 20000 + (process.pid % 20000);
    const llm = spawn(process.execPath, [fakeLlm], {
      env: { ...process.env, PORT: String(llmPort), FAKE_TOOL: 'lookup_annotation',
             FAKE_TOOL_INPUT: '{"reg_id":"SAMPLE","annotation_id":"注1","page_hint":4}' },
      stdio: ['ignore', 'ignore', 'pipe'] });
    children.push(llm);
    await new Promise((r) => setTimeout(r, 400));
    llmUrl = `http://127.0.0.1:${llmPort}/v1`;
  }
  const server = spawn(bin, ['--data-dir', data, 'serve', '--transport', 'http', '--port', '0'], {
    env: { ...process.env, REGREADER_LLM_BASE_URL: llmUrl }, stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(server);
  const [, base] = await started(server, /reading room at (http:\/\/127\.0\.0\.1:\d+)\//, 'regreader');

  browser = await chromium.launch({ executablePath: chromiumPath, headless: true,
                                    args: ['--no-sandbox', '--disable-gpu'] });
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const dialogs = [];
  page.on('dialog', (d) => { dialogs.push(d.message()); d.dismiss(); });
  // Opens a page and waits for that page's view (not the one still on screen).
  const openPage = async (reg, n) => {
    await page.goto(`${base}/#/r/${reg}/${n}`);
    await page.waitForSelector(`.page[data-reg="${reg}"][data-page="${n}"] .text`);
  };
  // Waits until the view on screen answers the current address.
  // (Polled with evaluate: waitForFunction may evaluate a string, which the page's CSP refuses.)
  const settled = async () => {
    for (let i = 0; i < 300; i++) {
      const done = await page.evaluate(
        () => document.getElementById('main').dataset.route === location.hash).catch(() => false);
      if (done) return;
      await page.waitForTimeout(50);
    }
    throw new Error(`the view for ${page.url()} never settled`);
  };
  // JPEG at 70: the screenshots docs/reading-room/ shows are copied from these.
  const shot = (name) => page.screenshot({ path: join(out, `${name}.jpg`), quality: 70 });

  // 1. The library.
  await page.goto(`${base}/`);
  await page.waitForSelector('table.list');
  check(await page.locator('table.list').getByText('SAMPLE', { exact: true }).count() === 1, 'library lists SAMPLE');
  await shot('1-library');

  // 2. SAMPLE page 3: the page as printed and its text with 表1.
  await openPage('SAMPLE', 3);
  check(await page.locator('.page .text').getByText('表1', { exact: false }).count() > 0, 'page 3 shows 表1');
  const img = page.locator('.page img');
  await img.waitFor();
  // The image loads after the text: poll its natural width (the element may be re-created while
  // the view settles, so each poll looks it up again).
  let width = 0, why = '';
  for (let i = 0; i < 150 && width === 0; i++) {
    try {
      width = await page.evaluate(() => {
        const el = document.querySelector('.page img');
        return el && el.complete ? el.naturalWidth : 0;
      });
    } catch (e) { why = String(e); }
    if (width === 0) await page.waitForTimeout(100);
  }
  if (width === 0) {
    why += ' ' + await page.evaluate(async () => {
      const el = document.querySelector('.page img');
      if (!el) return 'no img';
      const r = await fetch(el.src);
      return `${el.src} complete=${el.complete} status=${r.status} ${r.headers.get('content-type')}`;
    });
  }
  check(width > 500, `page 3 drawn as an image (${width} px wide) ${why}`);
  // The header (search box, 问答) stays on screen when a page opens; the chapter tree marks
  // where the reader is, and follows the pages turned.
  const headerShown = () => page.evaluate(() => {
    const r = document.querySelector('header').getBoundingClientRect();
    return r.top >= 0 && r.bottom > 0 && r.bottom <= window.innerHeight;
  });
  check(await headerShown(), 'the header is on screen when a page opens');
  const place = () => page.evaluate(() => {
    const a = document.querySelectorAll('.toc a[aria-current="page"]');
    return a.length === 1 ? [+a[0].dataset.start, +a[0].dataset.end] : null;
  });
  const here3 = await place();
  check(here3 && here3[0] <= 3 && 3 <= here3[1], `the tree marks the chapter of page 3 (${here3})`);
  await shot('2-page');
  await page.keyboard.press('ArrowRight');
  await settled();
  check(page.url().endsWith('/r/SAMPLE/4'), 'ArrowRight turns to page 4');
  const here4 = await place();
  check(here4 && here4[0] <= 4 && 4 <= here4[1], `the tree follows to page 4 (${here4})`);
  // The keys, in a panel: ? opens it, Esc closes it.
  await page.keyboard.press('?');
  check(await page.locator('#help').isVisible(), '? opens the key help');
  check(await page.locator('#help kbd', { hasText: '→' }).count() === 1, 'which lists the page keys');
  await shot('2b-help');
  await page.keyboard.press('Escape');
  check(!(await page.locator('#help').isVisible()), 'Esc closes it');

  // 3. Search, open the hit: its block is highlighted.
  await page.fill('#search-q', '倒闸操作');
  await page.press('#search-q', 'Enter');
  await page.waitForSelector('.hit-item');
  await shot('3-search');
  await page.locator('.hit-link').first().click();
  await page.waitForSelector('.block.hit');
  check(await page.locator('.block.hit').count() === 1, 'the opened hit is highlighted');
  check(await page.locator('.block.hit').evaluate((b) => b === document.activeElement), 'and focused');
  check(await page.locator('.sheet .box.hit').count() === 1, 'the hit is boxed on the page image');
  const boxes = await page.locator('.sheet .box').count();
  check(boxes > 5, `the page's blocks are boxes over the image (${boxes})`);
  check(await headerShown(), 'the header stays on screen when the hit is scrolled to');
  await shot('4-hit');

  // 3b. The search filters of the tools: one regulation, tables only.
  await page.goto(`${base}/#/search/${encodeURIComponent('安全距离')}`);
  await page.waitForSelector('form.filters');
  await page.selectOption('form.filters select[name=reg]', 'SAMPLE');
  await page.selectOption('form.filters select[name=type]', 'table');
  await page.click('form.filters button[type=submit]');
  for (let i = 0; i < 100 && !page.url().includes('type=table'); i++) await page.waitForTimeout(50);
  await settled();
  const filtered = await page.locator('.hit-link').allTextContents();
  check(filtered.length > 0 && filtered.every((t) => t.startsWith('SAMPLE')),
        `filtered search keeps SAMPLE only (${filtered.length} hits)`);
  check(await page.locator('form.filters select[name=type]').inputValue() === 'table',
        'the filters stay set on the results');
  await shot('3b-search-filters');

  // 4. Follow 见表1 to the merged table with its notes.
  await openPage('HOSTILE', 1);
  const ref = page.locator('a.ref', { hasText: '见表1' });
  check(await ref.count() === 1, 'a reference is a link');
  // 5. The hostile document: markup shown as text, nothing run.
  check(await page.locator('.page .text').getByText('<script>window.__pwned = 1</script>').count() === 1,
        '<script> is shown as text');
  check(await page.locator('.page .text img').count() === 0, '<img onerror> is not an image');
  check(await page.locator('.page .text a[href^="javascript:"]').count() === 0, 'no javascript: link');
  check(await page.evaluate(() => window.__pwned === undefined) && dialogs.length === 0, 'no script ran');
  await shot('5-hostile');
  await openPage('SAMPLE', 3);
  const tableRef = page.locator('a.ref').first();
  if (await tableRef.count()) {
    await tableRef.click();
    await page.waitForTimeout(500);
  }
  await page.goto(`${base}/#/table/SAMPLE/${encodeURIComponent('表1')}`);
  await settled();
  check(await page.locator('.block table td', { hasText: '0.70' }).count() > 0, 'table 表1 merged with 0.70');
  check(await page.locator('.notes').getByText('注1').count() > 0, 'the table shows its 注1');
  await shot('6-table');

  // 6. Ask against the scripted model; click a cited source.
  if (llmUrl) {
    await page.goto(`${base}/#/ask`);
    await page.fill('textarea', '表1 的注1 说什么？');
    await page.click('text=提问');
    await page.waitForSelector('.claims a.cite', { timeout: 20000 });
    check((await page.locator('.answer').textContent()).length > 0, 'the answer streamed in');
    await shot('7-ask');
    check(await page.locator('.claims .verdict').first().textContent() !== '',
          "the checker's verdict stands beside each citation");
    await page.locator('.claims a.cite').first().click();
    await page.waitForSelector('.page[data-reg="SAMPLE"] .text');
    check(page.url().includes('#/r/SAMPLE/'), 'a cited source opens its page');
    check(await page.locator('.block.hit').count() === 1, 'with the cited block highlighted');
    check(await page.locator('.block.hit mark.cited-figure').count() > 0,
          'and what it cites marked in it');
    await shot('8-cited-page');
  } else {
    console.log('note: no fake-llm-server beside the project; ask not exercised');
  }

  // 6b. The Word file's page as LibreOffice rendered it, with its blocks boxed and the paging said.
  if (haveOffice) {
    await openPage('WORD', 2);
    let wordImg = 0;
    for (let i = 0; i < 150 && !wordImg; i++) {
      wordImg = await page.evaluate(() => {
        const el = document.querySelector('.page[data-reg="WORD"] .sheet img');
        return el && el.complete ? el.naturalWidth : 0;
      }).catch(() => 0);
      if (!wordImg) await page.waitForTimeout(100);
    }
    check(wordImg > 500, `the Word page is drawn from its rendering (${wordImg} px)`);
    check(await page.locator('.page[data-reg="WORD"] .sheet .box').count() > 3, 'its blocks are boxed');
    check(await page.locator('.page .warn', { hasText: 'LibreOffice' }).count() === 1,
          'the page says its numbers follow LibreOffice');
    await shot('6b-word-page');
  }

  // 7. The corpus: GB 26860 page 4 shows 表1; 工作票签发人 opens a highlighted hit.
  if (haveCorpus) {
    // The page 表1 is printed on, as the store has it (page 5 of the rendered PDF).
    const t1 = await page.evaluate(async () => (await (await fetch('/api/tool/get_table_by_id', {
      method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ reg_id: 'GB26860-2011', table_id: '表1' }) })).json()).page_start);
    await openPage('GB26860-2011', t1);
    check(await page.locator('.page .text').getByText('设备不停电时的安全距离', { exact: false }).count() > 0,
          `GB 26860 page ${t1} shows 表1`);
    await shot('10-gb26860-table-page');
    await page.goto(`${base}/#/search/${encodeURIComponent('工作票签发人')}`);
    await page.waitForSelector('.hit-item');
    const gbHit = page.locator('.hit-link', { hasText: 'GB26860-2011' }).first();
    check(await gbHit.count() === 1, 'search 工作票签发人 finds GB 26860');
    await gbHit.click();
    await page.waitForSelector('.block.hit');
    check((await page.locator('.block.hit').textContent()).includes('工作票签发人'),
          'the opened hit holds 工作票签发人');
    await shot('11-gb26860-hit');
  } else {
    console.log('note: ../shared/corpus not present; GB 26860 steps skipped');
  }

  // 8. A phone-sized screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage('SAMPLE', 3);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `no sideways scrolling at 390 px (overflow ${overflow})`);
  await shot('9-phone');
} catch (e) {
  console.log(`FAIL ${e.stack ?? e}`);
  failures++;
} finally {
  if (browser) await browser.close();
  for (const c of children) c.kill('SIGTERM');
  rmSync(tmp, { recursive: true, force: true });
}
console.log(failures ? `${failures} failure(s)` : 'all browser checks passed');
process.exit(failures ? 1 : 0);
