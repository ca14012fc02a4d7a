#!/usr/bin/env node
// How fast the page answers a person, in Debian's Chromium (playwright-core from
// tests/browser/node_modules: `npm ci --prefix tests/browser`):
//  (a) a 1280x960 photo chosen in the Photo input -> every cell of the board shows its reading
//      (from the input's change event to the DOM holding the givens; and to the next frame);
//  (b) Hint pressed -> the Hint panel says where to look (first press), and the second press ->
//      the step's cells highlighted;
//  (c) a digit typed in a cell -> that cell shows it (from keydown).
// Each is repeated --reps times (default 25) after one untimed warm-up; prints median and 95th
// percentile in ms. Times are taken in the page with performance.now(): a capture listener
// starts the clock, a MutationObserver on the board stops it.
//
//   node bench/page_speed.mjs [--reps 25] [--exe PATH] [--url http://127.0.0.1:PORT/]
//
// The 1280x960 photo is made at run time from samples/newspaper.jpg (960x1280, upright) turned a
// quarter in Chromium's canvas: a real photo at the size of a phone's 1.2 MP picture. Turned,
// the reader must find which way is up (its slow path); `--turn no` sends the 960x1280 photo as
// it is, upright, as a phone held upright takes it.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const o = { reps: 25, exe: process.env.SUDOKUCAM_EXE || path.join(repo, 'build/release/app/sudokucam'),
  url: '', web: path.join(repo, 'web'), turn: 'yes' };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in o) || process.argv[i + 1] === undefined) {
    console.error('usage: node bench/page_speed.mjs [--reps 25] [--exe PATH] [--url URL] [--web DIR] '
      + '[--turn yes|no]');
    process.exit(2);
  }
  o[key] = key === 'reps' ? Number(process.argv[i + 1]) : process.argv[i + 1];
}
if (o.url && !['127.0.0.1', 'localhost', '[::1]'].includes(new URL(o.url).hostname)) {
  throw new Error('--url must be a loopback address');
}

let chromium;
try {
  ({ chromium } = createRequire(path.join(repo, 'tests/browser/package.json'))('playwright-core'));
} catch (error) {
  console.error(`page_speed: playwright-core missing (${error.message}): npm ci --prefix tests/browser`);
  process.exit(2);
}

function startServer() {
  if (!existsSync(o.exe)) throw new Error(`no program at ${o.exe}`);
  const child = spawn(o.exe, ['serve', '--host', '127.0.0.1', '--port', '0', '--web', o.web],
    { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/open (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { child.stdout.resume(); resolve({ url: m[1], child }); }
    });
    child.on('exit', (code) => reject(new Error(`sudokucam serve ended (exit ${code}): ${out}`)));
  });
}

const summary = (name, ms) => {
  const s = [...ms].sort((a, b) => a - b);
  const p = (q) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
  console.log(`${name.padEnd(50)} n=${String(s.length).padStart(3)}  median ${p(0.5).toFixed(1)
    .padStart(7)} ms  95th ${p(0.95).toFixed(1).padStart(7)} ms  (min ${s[0].toFixed(1)}, ` +
    `max ${s.at(-1).toFixed(1)})`);
};

// In the page: start the clock at the first `event` whose target is `from` (file: the photo
// input; hint: the Hint button; any), stop it when the board passes `until` (photo: every cell as
// `want` lists; look: the Hint panel's words changed and say "look"; cells: a cell marked hint;
// cells: the cells marked hint changed, some; typed: cell 0's label starts with `want`), checked on every mutation of the page, and once more
// at the next animation frame. Answers {dom, frame} in ms. (No eval: the page's CSP forbids it.)
const armInPage = ({ event, from, until, want }) => {
  const grid = document.querySelector('[role="grid"][aria-label="Sudoku board"]');
  const labels = () => [...grid.querySelectorAll('[role="gridcell"]')]
    .map((c) => c.getAttribute('aria-label') || '');
  const panelText = () => {
    const heading = [...document.querySelectorAll('h1,h2,h3,h4,[role="heading"]')]
      .find((h) => h.textContent.trim() === 'Hint');
    const region = heading?.closest('section,[role="region"],aside');
    return region ? region.textContent : '';
  };
  const panelBefore = panelText();
  const hintCells = () => labels().filter((l) => /, hint\b/.test(l)).join('|');
  const hintBefore = hintCells();
  const starts = {
    file: (t) => t.type === 'file' && t.getAttribute('accept') === 'image/*',
    hint: (t) => t.closest?.('button')?.textContent.trim() === 'Hint',
    any: () => true,
  };
  const done = {
    photo: () => {
      const l = labels();
      return l.length === want.length && want.every((w, i) => (w === null
        ? !l[i].includes(', clue') : l[i].startsWith(w)));
    },
    look: () => {
      const text = panelText();
      return text !== panelBefore && /look/i.test(text);
    },
    cells: () => {
      const now = hintCells();
      return now !== '' && now !== hintBefore;
    },
    typed: () => labels()[0].startsWith(want),
  };
  window.__measured = new Promise((resolve) => {
    let t0 = null;
    const start = (e) => {
      if (t0 === null && starts[from](e.target)) t0 = performance.now();
    };
    document.addEventListener(event, start, true);
    const observer = new MutationObserver(() => {
      if (t0 === null || !done[until]()) return;
      const dom = performance.now() - t0;
      observer.disconnect();
      document.removeEventListener(event, start, true);
      requestAnimationFrame(() => resolve({ dom, frame: performance.now() - t0 }));
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true,
      characterData: true });
  });
};

async function main() {
  const server = o.url ? null : await startServer();
  const url = o.url || server.url;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    await page.goto(url);
    await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();

    // The 1280x960 photo: samples/newspaper.jpg turned a quarter clockwise in a canvas.
    const source = readFileSync(path.join(repo, 'samples/newspaper.jpg')).toString('base64');
    const photo = o.turn === 'no' ? readFileSync(path.join(repo, 'samples/newspaper.jpg'))
      : Buffer.from(await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/jpeg;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalHeight;
      canvas.height = img.naturalWidth;
      const g = canvas.getContext('2d');
      g.translate(canvas.width, 0);
      g.rotate(Math.PI / 2);
      g.drawImage(img, 0, 0);
      const blob = await new Promise((r) => canvas.toBlob(r, 'image/jpeg', 0.92));
      return [...new Uint8Array(await blob.arrayBuffer())];
    }, source));
    const read = await (await fetch(new URL('api/read', url), { method: 'POST', body: photo,
      headers: { 'Content-Type': 'image/jpeg' } })).json();
    if (read.status !== 'solved') throw new Error(`the turned photo reads ${read.status}`);
    console.log(`photo: ${o.turn === 'no' ? '960x1280 upright' : '1280x960 (turned)'} JPEG, ${(photo.length / 1024).toFixed(0)} KB, read ` +
      `${read.status} (${read.givens.replace(/\./g, '').length} givens) in ` +
      `${read.millis.decode.toFixed(0)}+${read.millis.detect.toFixed(0)}+` +
      `${read.millis.read.toFixed(0)} ms (decode+detect+read, server side)`);
    const photoFile = { name: 'page-1280x960.jpg', mimeType: 'image/jpeg', buffer: photo };

    // Another puzzle to come back to between repetitions, so that each photo changes the board.
    const other = '.7.....5.2....18.......517.7..6.32...5..94.1...8.......1......39.....6...4...6.2.';
    const openOther = async () => {
      await page.getByLabel('Puzzle text').fill(other);
      await page.getByRole('button', { name: 'Open puzzle', exact: true }).click();
      await page.getByRole('gridcell', { name: /^r1c2: 7, clue/ }).waitFor();
    };
    const givenLabels = [...read.givens].map((c, i) => (c === '.' ? null
      : `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}: ${c}, clue`));

    const photoTimes = { dom: [], frame: [] };
    for (let rep = 0; rep <= o.reps; ++rep) {
      await openOther();
      await page.evaluate(armInPage, { event: 'change', from: 'file', until: 'photo',
        want: givenLabels });
      await page.getByLabel('Photo').setInputFiles(photoFile);
      const t = await page.evaluate(() => window.__measured);
      if (rep > 0) { photoTimes.dom.push(t.dom); photoTimes.frame.push(t.frame); }
    }

    // (b) Hint on a new game of the other puzzle: first and second presses.
    const hint1 = [];
    const hint2 = [];
    const hintButton = page.getByRole('button', { name: 'Hint', exact: true });
    for (let rep = 0; rep <= o.reps; ++rep) {
      await openOther(); // a new puzzle resets the hint
      await page.evaluate(armInPage, { event: 'click', from: 'hint', until: 'look' });
      await hintButton.click();
      const t1 = await page.evaluate(() => window.__measured);
      await page.evaluate(armInPage, { event: 'click', from: 'hint', until: 'cells' });
      await hintButton.click();
      const t2 = await page.evaluate(() => window.__measured);
      if (rep > 0) { hint1.push(t1.dom); hint2.push(t2.dom); }
    }

    // (c) A digit typed into r1c1 (solution 3), then undone, again and again.
    await openOther();
    const r1c1 = page.getByRole('gridcell', { name: /^r1c1:/ });
    await r1c1.click();
    const typed = [];
    for (let rep = 0; rep <= o.reps; ++rep) {
      await page.evaluate(armInPage, { event: 'keydown', from: 'any', until: 'typed',
        want: 'r1c1: 3, yours' });
      await page.keyboard.press('3');
      const t = await page.evaluate(() => window.__measured);
      if (rep > 0) typed.push(t.dom);
      await page.keyboard.press('Control+z');
      await page.getByRole('gridcell', { name: /^r1c1: empty/ }).waitFor();
    }

    console.log(`\nChromium ${browser.version()}, ${o.reps} repetitions each (after one warm-up)`);
    summary('(a) photo chosen -> board shows it (DOM)', photoTimes.dom);
    summary('(a) photo chosen -> board shows it (frame)', photoTimes.frame);
    summary('(b) Hint pressed -> where to look shown', hint1);
    summary('(b) Hint pressed again -> step cells highlighted', hint2);
    summary('(c) digit typed -> cell shows it', typed);
  } finally {
    await browser.close();
    server?.child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(`page_speed: ${error.stack || error.message}`);
  process.exitCode = 1;
});
