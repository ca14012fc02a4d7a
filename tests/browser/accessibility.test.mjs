// The page as a screen reader, a keyboard or a low-vision reader meets it: axe-core (Deque's rule
// engine, pinned in the lock file) checks every WCAG 2 A and AA rule it knows, and its best
// practices, on the page in the states a person brings it to: opened, a puzzle with its
// candidates and a hint, a photo of a filled-in paper checked, and the same on a phone's screen.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setup, openPage, shared, waitFor, waitForBoard, board } from './harness.mjs';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8');
const line = '..48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..';
// A held-out photo whose check marks entries unsure (handwritten.test.mjs reads it too).
const photo = path.join(shared, 'datasets/wichtounet-train/mixed/image10.jpg');

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

// axe's violations on the page as it is now, one line each: rule, impact, what it asks, where.
async function violations(page) {
  // The page's Content-Security-Policy forbids inline scripts; the rules are added as the
  // browser's own script (bypassCSP, set on the context), not the page's.
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async () => (await window.axe.run(document, {
    resultTypes: ['violations'],
  })).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.help}: ` +
    v.nodes.slice(0, 5).map((n) => n.target.join(' ')).join(', '));
}

async function expectNone(page, state) {
  assert.deepEqual(await violations(page), [], `axe finds nothing wrong ${state}`);
}

async function openPuzzleWithCandidatesAndHint(page) {
  await openPage(page, env.url);
  await expectNone(page, 'on the page as it opens');
  await page.getByLabel('Puzzle text').fill(line);
  await button(page, 'Open puzzle').click();
  await waitForBoard(page, { clues: line, entries: '.'.repeat(81) }, 'the puzzle');
  await button(page, 'Candidates').click();
  await waitFor(page, async () => (await board(page)).cells.some((c) => c.candidates)
    || 'no candidates shown', 'the candidates');
  await button(page, 'Hint').click();
  const panel = page.getByRole('region', { name: 'Hint' });
  await waitFor(page, async () => ((await panel.textContent()) || '').trim().length > 0
    || 'the Hint panel is empty', 'a hint');
}

test('the page passes axe opened, with a puzzle, its candidates and a hint', async () => {
  const page = await env.newPage({ bypassCSP: true });
  await openPuzzleWithCandidatesAndHint(page);
  await expectNone(page, 'with a puzzle, its candidates and a hint');
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

test('the page passes axe on a phone', async () => {
  const page = await env.newPage({ bypassCSP: true, viewport: { width: 390, height: 844 },
    isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await openPuzzleWithCandidatesAndHint(page);
  await expectNone(page, 'on a phone, with a puzzle, its candidates and a hint');
});

test('the page passes axe with a filled-in photo checked',
  { skip: existsSync(photo) ? false : `${photo} is absent` }, async () => {
    const page = await env.newPage({ bypassCSP: true });
    await openPage(page, env.url);
    await page.getByLabel('Photo').setInputFiles(photo);
    await waitFor(page, async () => (await board(page)).origins.includes('yours')
      || 'no entries yet', 'the photo read');
    await button(page, 'Check').click();
    await waitFor(page, async () => (await board(page)).cells.some((c) => c.flags.length > 0)
      || 'no cell marked', 'the check');
    await expectNone(page, 'with a filled-in photo checked');
  });
