// A phone (390x844, touch): the digit pad enters and erases; nothing overflows sideways; the
// board stays square; touch targets at least 44 px tall.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { setup, openPage, cell, board, waitFor, waitForBoard, screenshot } from './harness.mjs';

const line = '..48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..';
const solution = '124839567537641289869572134941723856653198742278456391785264913316987425492315678';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

test('phone: the digit pad, no sideways overflow, a square board', async () => {
  const page = await env.newPage({ viewport: { width: 390, height: 844 }, isMobile: true,
    hasTouch: true, deviceScaleFactor: 2 });
  await openPage(page, env.url);
  await page.getByLabel('Puzzle text').fill(line);
  await page.getByRole('button', { name: 'Open puzzle', exact: true }).tap();
  await waitForBoard(page, { clues: line, entries: '.'.repeat(81) }, 'the puzzle');

  const grid = page.getByRole('grid', { name: 'Sudoku board' });
  await grid.scrollIntoViewIfNeeded();
  const box = await grid.boundingBox();
  assert.ok(box.width <= 390 && box.x >= 0, `the board fits the width: ${JSON.stringify(box)}`);
  assert.ok(Math.abs(box.width - box.height) <= 2, `the board is square: ${JSON.stringify(box)}`);
  assert.ok(box.width >= 300, `the board is readable, ${box.width} px wide`);

  await cell(page, 'r1c1').tap();
  await page.getByRole('button', { name: solution[0], exact: true }).tap();
  await waitFor(page, async () => {
    const c = (await board(page)).cells[0];
    return (c.digit === solution[0] && c.origin === 'yours') || JSON.stringify(c);
  }, `r1c1 = ${solution[0]} from the digit pad`);
  await screenshot(page, 'page-phone.png');
  await page.getByRole('button', { name: 'Erase', exact: true }).tap();
  await waitFor(page, async () => (await board(page)).cells[0].origin === 'empty'
    || JSON.stringify((await board(page)).cells[0]), 'r1c1 erased from the pad');

  for (const name of ['1', '9', 'Erase', 'Hint', 'Undo', 'Redo', 'Check', 'Solve']) {
    const b = await page.getByRole('button', { name, exact: true }).boundingBox();
    assert.ok(b && b.height >= 44 - 0.5, `${name} is at least 44 px tall: ${JSON.stringify(b)}`);
  }
  const overflow = await page.evaluate((screenWidth) => ({
    scroll: document.documentElement.scrollWidth, view: window.innerWidth,
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > screenWidth + 1)
      .slice(0, 5).map((e) => e.getAttribute('aria-label') || e.id || e.tagName) }), 390);
  // A phone widens its layout viewport to content wider than its screen (and zooms the whole
  // page out to fit), so the viewport must also stay the screen's 390 px.
  assert.ok(overflow.view === 390 && overflow.scroll <= overflow.view,
    `no sideways scrolling: page ${overflow.scroll} px wide in ${overflow.view} px, ` +
    `on a screen 390 px wide (too wide: ${overflow.wide.join(', ')})`);
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

test('phone: every button\'s words fit inside it', async () => {
  const page = await env.newPage({ viewport: { width: 390, height: 844 }, isMobile: true,
    hasTouch: true, deviceScaleFactor: 2 });
  await openPage(page, env.url);
  // Real <button>s only (a file input is a button to the accessibility tree, drawn 1 px wide).
  const cut = await page.getByRole('button').evaluateAll((buttons) => buttons
    .filter((b) => b.tagName === 'BUTTON' && b.offsetParent && b.scrollWidth > b.clientWidth + 1)
    .map((b) => `"${b.textContent.trim()}" needs ${b.scrollWidth} px, has ${b.clientWidth}`));
  assert.deepEqual(cut, [], 'words wider than their button');
});
