// The board with the keyboard only: Tab into the grid, arrows, Home/End, digits, Backspace,
// Shift+digit pencil marks, Ctrl+Z / Ctrl+Y.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, board, waitFor, waitForBoard } from './harness.mjs';

const line = '..48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..';
const solution = '124839567537641289869572134941723856653198742278456391785264913316987425492315678';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

// The focused element's role and name, and the cells' tabindex values.
const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  return { role: e?.getAttribute('role') || e?.tagName, name: e?.getAttribute('aria-label') || '' };
});
const tabindexes = (page) => page.getByRole('gridcell').evaluateAll((cells) =>
  cells.map((c) => c.getAttribute('tabindex')));

async function expectFocus(page, name) {
  await waitFor(page, async () => {
    const f = await focused(page);
    if (f.role !== 'gridcell' || !f.name.startsWith(`${name}:`)) {
      return `focus is on ${f.role} "${f.name}"`;
    }
    const t = await tabindexes(page);
    const zero = t.flatMap((v, i) => (v === '0' ? [i] : []));
    const index = (Number(name.match(/r(\d+)/)[1]) - 1) * 9 + Number(name.match(/c(\d+)/)[1]) - 1;
    return (zero.length === 1 && zero[0] === index)
      || `tabindex 0 on cells [${zero}], expected only ${index}`;
  }, `focus on ${name}, the only cell with tabindex 0`);
}

test('keyboard only: tab in, move, type, erase, pencil marks, undo, redo', async () => {
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Puzzle text').fill(line);
  await page.getByRole('button', { name: 'Open puzzle', exact: true }).click();
  await waitForBoard(page, { clues: line, entries: '.'.repeat(81) }, 'the puzzle');

  // Tab from the top of the page until a cell has the focus: one Tab stop for the whole grid.
  await page.evaluate(() => document.activeElement?.blur());
  let tabs = 0;
  for (; tabs < 80 && (await focused(page)).role !== 'gridcell'; ++tabs) {
    await page.keyboard.press('Tab');
  }
  const first = await focused(page);
  assert.equal(first.role, 'gridcell', `a cell is reached by Tab (after ${tabs} presses)`);
  const t = await tabindexes(page);
  assert.equal(t.filter((v) => v === '0').length, 1, 'exactly one cell has tabindex 0');
  assert.equal(t.filter((v) => v === '-1').length, 80, 'the other cells have tabindex -1');
  await page.keyboard.press('Tab');
  assert.notEqual((await focused(page)).role, 'gridcell', 'the next Tab leaves the grid');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).role, 'gridcell', 'Shift+Tab comes back to the grid');

  // To r1c1 with arrows and Home, then around.
  for (let i = 0; i < 9; ++i) await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Home');
  await expectFocus(page, 'r1c1');
  await page.keyboard.press('ArrowRight');
  await expectFocus(page, 'r1c2');
  await page.keyboard.press('ArrowDown');
  await expectFocus(page, 'r2c2');
  await page.keyboard.press('End');
  await expectFocus(page, 'r2c9');
  await page.keyboard.press('ArrowLeft');
  await expectFocus(page, 'r2c8');
  await page.keyboard.press('ArrowUp');
  await expectFocus(page, 'r1c8');

  // r1c8 is empty (solution 6): type, erase, type again, undo, redo.
  const at = 7;
  const digitIs = async (want, origin) => {
    const c = (await board(page)).cells[at];
    return (c.digit === want && c.origin === origin) || `r1c8 is ${JSON.stringify(c)}`;
  };
  await page.keyboard.press(solution[at]);
  await waitFor(page, () => digitIs(solution[at], 'yours'), 'r1c8 typed');
  await page.keyboard.press('Backspace');
  await waitFor(page, () => digitIs('.', 'empty'), 'r1c8 erased by Backspace');
  await page.keyboard.press(solution[at]);
  await waitFor(page, () => digitIs(solution[at], 'yours'), 'r1c8 typed again');
  await page.keyboard.press('Control+z');
  await waitFor(page, () => digitIs('.', 'empty'), 'r1c8 empty after Ctrl+Z');
  await page.keyboard.press('Control+y');
  await waitFor(page, () => digitIs(solution[at], 'yours'), 'r1c8 back after Ctrl+Y');
  await page.keyboard.press('Control+z');
  await waitFor(page, () => digitIs('.', 'empty'), 'r1c8 empty after Ctrl+Z');
  await page.keyboard.press('Control+Shift+z');
  await waitFor(page, () => digitIs(solution[at], 'yours'), 'r1c8 back after Ctrl+Shift+Z');
  await page.keyboard.press('Delete');
  await waitFor(page, () => digitIs('.', 'empty'), 'r1c8 erased by Delete');
  await expectFocus(page, 'r1c8');

  // Shift+digit removes a pencil mark (named in the cell's label), and puts it back.
  const { json } = await (async () => {
    const res = await fetch(new URL('/api/game', env.url), { method: 'POST',
      body: JSON.stringify({ size: 9, clues: line, moves: [] }) });
    return { json: await res.json() };
  })();
  const marks = json.cells[at].candidates;
  const mark = String(marks.find((d) => String(d) !== solution[at]));
  await page.keyboard.press(`Shift+Digit${mark}`);
  await waitFor(page, async () => {
    const c = (await board(page)).cells[at];
    const want = marks.filter((d) => String(d) !== mark).join(' ');
    return (c.origin === 'empty' && c.candidates === want)
      || `r1c8 is ${JSON.stringify(c)}, expected candidates ${want}`;
  }, `pencil mark ${mark} removed from r1c8`);
  await page.keyboard.press(`Shift+Digit${mark}`);
  await waitFor(page, async () => {
    const c = (await board(page)).cells[at];
    return (c.origin === 'empty' && (c.candidates === '' || c.candidates === marks.join(' ')))
      || `r1c8 is ${JSON.stringify(c)}`;
  }, `pencil mark ${mark} put back in r1c8`);
  await expectFocus(page, 'r1c8');
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

test('toolbar: Candidates, Pencil, Highlight digit, Reveal cell, Fill singles, Restart', async () => {
  const page = await env.newPage();
  await openPage(page, env.url);
  const button = (name) => page.getByRole('button', { name, exact: true });
  await page.getByLabel('Puzzle text').fill(line);
  await button('Open puzzle').click();
  await waitForBoard(page, { clues: line, entries: '.'.repeat(81) }, 'the puzzle');

  // Candidates: every empty cell names its pencil marks.
  await button('Candidates').click();
  assert.equal(await button('Candidates').getAttribute('aria-pressed'), 'true');
  await waitFor(page, async () => {
    const bare = (await board(page)).cells.filter((c) => c.origin === 'empty' && !c.candidates);
    return bare.length === 0 || `no candidates in ${bare.map((c) => c.name).slice(0, 5)}`;
  }, 'candidates in every empty cell');
  const r1c1 = (await board(page)).cells[0].candidates;

  // Pencil mode: a plain digit toggles a pencil mark instead of entering it.
  await button('Pencil').click();
  assert.equal(await button('Pencil').getAttribute('aria-pressed'), 'true');
  await page.getByRole('gridcell', { name: /^r1c1:/ }).click();
  const mark = r1c1.split(' ').find((d) => d !== solution[0]);
  await page.keyboard.press(mark);
  await waitFor(page, async () => {
    const c = (await board(page)).cells[0];
    return (c.origin === 'empty' && !c.candidates.split(' ').includes(mark))
      || JSON.stringify(c);
  }, `pencil mark ${mark} removed from r1c1 in Pencil mode`);
  await button('Pencil').click();
  await button('Candidates').click();

  // Highlight digit: none and each digit.
  const options = await page.getByLabel('Highlight digit').getByRole('option').allTextContents();
  assert.equal(options.length, 10, `Highlight digit offers none and 1-9: ${options}`);
  assert.match(options[0], /none/i);

  // Reveal cell: the selected cell from the solution, the program's.
  await page.getByRole('gridcell', { name: /^r1c1:/ }).click();
  await button('Reveal cell').click();
  await waitFor(page, async () => {
    const c = (await board(page)).cells[0];
    return (c.digit === solution[0] && c.origin === 'filled') || JSON.stringify(c);
  }, 'r1c1 revealed (filled)');

  // Fill singles: more cells filled by the program.
  await button('Fill singles').click();
  await waitFor(page, async () => {
    const b = await board(page);
    const filled = b.cells.filter((c) => c.origin === 'filled');
    const bad = filled.filter((c, i) => c.digit !== solution[b.cells.indexOf(c)]);
    return (filled.length > 1 && bad.length === 0) || `${filled.length} filled, wrong: ${bad}`;
  }, 'singles filled');

  // Restart: back to the clues; Redo brings the moves back.
  await button('Restart').click();
  await waitForBoard(page, { clues: line, entries: '.'.repeat(81) }, 'the clues alone');
  await waitFor(page, async () => (await board(page)).origins.every((o) => o !== 'filled')
    || 'filled cells remain', 'no filled cells after Restart');
  await waitFor(page, async () => (await button('Redo').isEnabled()) || 'disabled',
    'Redo enabled after Restart');
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});
