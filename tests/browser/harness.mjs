// What every browser test file needs: the built program (SUDOKUCAM_EXE), `sudokucam serve` on a
// free loopback port, Debian's Chromium driven by playwright-core, and small helpers that find
// things on the page by role and accessible name only (never by CSS classes).
//
// Each test file starts its own server and browser, so `node --test` can run files in parallel.
// A missing program, page, Chromium or playwright-core is an error that says what to do: the
// tests never pass silently without having run.
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, '../..');
export const shared = path.resolve(repo, '../shared');
export const exe = path.resolve(process.env.SUDOKUCAM_EXE
  || path.join(repo, 'build/release/app/sudokucam'));
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
export const screenshotDir = process.env.SUDOKUCAM_SCREENSHOTS || '';

let playwright;
async function loadPlaywright() {
  if (!playwright) {
    try {
      playwright = await import('playwright-core');
    } catch (error) {
      throw new Error(`playwright-core is not installed (${error.message}); run ` +
        '`npm ci --prefix tests/browser` in the repository first');
    }
  }
  return playwright;
}

// The JSON the command line prints, e.g. cli('read', '--json', file).
export function cli(...args) {
  return JSON.parse(execFileSync(exe, args, { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

// Starts `sudokucam serve --port 0` and waits for its first line, `open http://127.0.0.1:PORT/`.
// Answers {url, pid, stop()}. Throws, with the program's own words, when it cannot start.
export async function startServer(extraArgs = []) {
  if (!existsSync(exe)) {
    throw new Error(`the program ${exe} does not exist: build it (cmake --workflow --preset ` +
      'release) or set SUDOKUCAM_EXE to its path');
  }
  const web = process.env.SUDOKUCAM_WEB || path.join(repo, 'web');
  const child = spawn(exe, ['serve', '--host', '127.0.0.1', '--port', '0', '--web', web,
    ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.stdout.setEncoding('utf8');
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sudokucam serve printed no address within 20 s; stdout: ${stdout}; ` +
        `stderr: ${stderr}`));
    }, 20000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const found = stdout.match(/open (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(new Error(`cannot run ${exe}: ${error.message}`));
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`sudokucam serve ended (${signal || `exit code ${code}`}) before ` +
        `printing its address; stdout: ${stdout.trim()}; stderr: ${stderr.trim()}`));
    });
  });
  child.stdout.resume();
  return {
    url,
    pid: child.pid,
    stderr: () => stderr,
    stop: () => new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}

// `extraArgs`: more Chromium flags, e.g. a fake camera (which holds for the whole browser).
export async function launchBrowser(extraArgs = []) {
  if (!existsSync(chromiumPath)) {
    throw new Error(`Chromium is missing at ${chromiumPath}: apt-get install chromium ` +
      '(scripts/install-deps.sh), or set CHROMIUM to its path');
  }
  const { chromium } = await loadPlaywright();
  return chromium.launch({ executablePath: chromiumPath, args: ['--no-sandbox', ...extraArgs] });
}

// One server and one browser for a test file; close() ends both. Page errors (uncaught
// exceptions in the page's scripts) are collected in `errors` for the tests to check.
export async function setup({ browserArgs = [] } = {}) {
  const server = await startServer();
  let browser;
  try {
    browser = await launchBrowser(browserArgs);
  } catch (error) {
    await server.stop();
    throw error;
  }
  const errors = [];
  return {
    server,
    browser,
    url: server.url,
    errors,
    async newPage(options = {}) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 },
        ...options });
      context.setDefaultTimeout(10000);
      const page = await context.newPage();
      page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
      return page;
    },
    async close() {
      await browser.close().catch(() => {});
      await server.stop();
    },
  };
}

// Opens the page and waits for the board to be drawn.
export async function openPage(page, url) {
  await page.goto(url);
  await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
  await waitFor(page, async () => (await labels(page)).length > 0 || 'no cells', 'the board');
}

export const cellName = (index, size) =>
  `r${Math.floor(index / size) + 1}c${(index % size) + 1}`;
export const digitChar = (d) => (d <= 9 ? String(d) : String.fromCharCode(55 + d)); // 10 -> A

export function cell(page, name) {
  return page.getByRole('gridcell', { name: new RegExp(`^${name}:`) });
}

// The accessible names of every cell, in order (the spec gives them as aria-label).
export async function labels(page) {
  return page.getByRole('gridcell').evaluateAll((cells) =>
    cells.map((c) => c.getAttribute('aria-label') || c.textContent || ''));
}

// `r3c4: 7, clue, uncertain` -> {name: 'r3c4', digit: '7', origin: 'clue', flags: [...]}. A
// variant's place comes first (`r3c4: region C, on the main diagonal, 7, clue`): `where`.
export function parseLabel(label) {
  const [name, rest = ''] = label.split(/:\s*/, 2);
  const parts = rest.split(/,\s*/);
  const where = [];
  while (/^(region |on )/.test(parts[0] || '')) where.push(parts.shift());
  return { ...parseParts(name, parts), where: where.join(', ') };
}

function parseParts(name, parts) {
  const rest = parts.join(', ');
  if (parts[0].startsWith('empty')) {
    const candidates = rest.match(/candidates ([0-9A-G ]+)/);
    return { name, digit: '.', origin: 'empty', candidates: candidates ? candidates[1].trim() : '',
      flags: parts.slice(1).filter((p) => !p.startsWith('candidates')) };
  }
  return { name, digit: parts[0], origin: parts[1], flags: parts.slice(2) };
}

// The board as the page says it: {digits: '53..7...', origins: ['clue', ...], flags: [[...]]}.
export async function board(page) {
  const parsed = (await labels(page)).map(parseLabel);
  return { cells: parsed, digits: parsed.map((c) => c.digit).join(''),
    origins: parsed.map((c) => c.origin) };
}

// Polls `check` (an async function answering true, or a string saying what is still wrong)
// until it is true; fails with the last answer after `ms`.
export async function waitFor(page, check, what, ms = 10000) {
  const end = Date.now() + ms;
  let last = '';
  for (;;) {
    try {
      const answer = await check();
      if (answer === true) return;
      last = answer;
    } catch (error) {
      last = error.message;
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${last}`);
    await page.waitForTimeout(50);
  }
}

// Waits until the board's clues are `clues` and its entries (yours) `entries` (`.` = not
// yours), in one-character digits; filled/empty elsewhere are not checked.
export async function waitForBoard(page, { clues, entries }, what = 'the board') {
  await waitFor(page, async () => {
    const b = await board(page);
    if (b.cells.length !== clues.length) return `${b.cells.length} cells, not ${clues.length}`;
    for (let i = 0; i < clues.length; ++i) {
      const c = b.cells[i];
      const want = clues[i] !== '.' ? [clues[i], 'clue']
        : entries && entries[i] !== '.' ? [entries[i], 'yours'] : null;
      if (want && (c.digit !== want[0] || c.origin !== want[1])) {
        return `${c.name} is "${c.digit}, ${c.origin}", expected "${want.join(', ')}"`;
      }
      if (!want && c.origin === 'clue') return `${c.name} is a clue (${c.digit}), expected none`;
      if (!want && entries && c.origin === 'yours') {
        return `${c.name} is yours (${c.digit}), expected none`;
      }
    }
    return true;
  }, what);
}

export async function statusText(page) {
  return (await page.getByRole('status').first().textContent()) || '';
}

export async function pressed(locator) {
  return (await locator.getAttribute('aria-pressed')) === 'true';
}

// Saves a screenshot when SUDOKUCAM_SCREENSHOTS names a folder.
export async function screenshot(page, file) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, file) });
}

// POSTs JSON (or bytes) to the server's API.
export async function api(url, route, body, headers = {}) {
  const isBytes = body instanceof Uint8Array;
  const res = await fetch(new URL(route, url), { method: 'POST',
    headers: { 'Content-Type': isBytes ? 'application/octet-stream' : 'application/json',
      ...headers },
    body: isBytes ? body : JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}
