// A newspaper photo read on the page, corrected, hinted, played, kept over a reload, finished.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import {
  setup, openPage, cli, repo, cell, board, waitFor, waitForBoard, statusText, pressed,
  screenshot, cellName, api, exe,
} from './harness.mjs';

const photo = path.join(repo, 'samples/newspaper.jpg');
let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

test('a photo read, corrected, hinted, played, reloaded and solved', async () => {
  const read = cli('read', '--json', photo);
  assert.equal(read.status, 'solved', 'the sample photo reads solved on the command line');
  const { givens, solution, size } = read;
  const page = await env.newPage();
  await openPage(page, env.url);

  // The photo chosen in the Photo input fills the board with its givens as clues.
  // A file that is not a photo: the server's message, as it is.
  const notPhoto = { name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') };
  const refused = await api(env.url, '/api/read', new Uint8Array(notPhoto.buffer));
  assert.equal(refused.status, 400);
  await page.getByLabel('Photo').setInputFiles(notPhoto);
  await waitFor(page, async () => (await statusText(page)).includes(refused.json.error)
    || `status says "${await statusText(page)}"`, `"${refused.json.error}" in the status`);

  // (The page's first-visit puzzle may be this very one: the photo's own marks, its uncertain
  // cells and the status, tell that the photo was read.)
  await page.getByLabel('Photo').setInputFiles(photo);
  const clueCount = [...givens].filter((c) => c !== '.').length;
  await waitFor(page, async () => (await statusText(page)).includes(`Read: ${clueCount} clues`)
    || `status says "${await statusText(page)}"`, `"Read: ${clueCount} clues" in the status`);
  await waitFor(page, async () => {
    const cells = (await board(page)).cells;
    const unmarked = read.uncertain.filter((i) => !cells[i]?.flags.includes('uncertain'));
    return unmarked.length === 0 || `not marked uncertain: ${unmarked.map((i) =>
      JSON.stringify(cells[i]))}`;
  }, 'the cells the reader was unsure of marked uncertain');
  await waitForBoard(page, { clues: givens, entries: givens.replace(/./g, '.') },
    'the photo\'s givens as clues');
  let b = await board(page);
  // A classic puzzle's cells are named by row and column alone, not by the region map every
  // reading carries (the boxes' too).
  assert.ok(b.cells.every((c) => c.where === ''), `classic cells: ${JSON.stringify(b.cells[0])}`);
  // The photo shown beside the board on a desktop.
  const shown = page.getByRole('img', { name: /photo/i });
  await shown.waitFor();
  const [img, grid] = [await shown.boundingBox(),
    await page.getByRole('grid', { name: 'Sudoku board' }).boundingBox()];
  assert.ok(img.x + img.width <= grid.x + 1 || grid.x + grid.width <= img.x + 1,
    `photo ${JSON.stringify(img)} beside the board ${JSON.stringify(grid)}`);
  assert.ok(!b.cells.some((c) => c.flags.includes('wrong')), 'nothing wrong after the read');
  assert.ok(await button(page, 'Undo').isDisabled(), 'Undo is disabled with no moves');

  // Edit clues: a misread corrected. Typing 8 into r1c3 (a 4) makes row 1 hold 8 twice.
  const editClues = button(page, 'Edit clues');
  if (!(await pressed(editClues))) await editClues.click();
  assert.ok(await pressed(editClues), 'Edit clues is pressed');
  const readStatus = await statusText(page);
  assert.equal(givens[2], '4');
  assert.equal(givens[3], '8');
  await cell(page, 'r1c3').click();
  await page.keyboard.press('8');
  await waitFor(page, async () => (await board(page)).cells[2].digit === '8' || 'not yet 8',
    'r1c3 corrected to 8');
  await waitFor(page, async () => (await statusText(page)) !== readStatus
    || `status still "${readStatus}"`, 'the status message to change');
  const conflictStatus = await statusText(page);
  await waitFor(page, async () => (await page.getByRole('list', { name: 'Warnings' })
    .getByRole('listitem').count()) > 0 || 'none', 'the duplicate listed in Warnings');
  b = await board(page);
  assert.equal(b.cells[2].origin, 'clue', 'an edited clue stays a clue');
  assert.ok(b.cells[2].flags.includes('conflict') && b.cells[3].flags.includes('conflict'),
    `r1c3 and r1c4 both hold 8: marked conflict (${JSON.stringify([b.cells[2], b.cells[3]])})`);
  await page.keyboard.press('4');
  await waitFor(page, async () => (await statusText(page)) !== conflictStatus
    || `status still "${conflictStatus}"`, 'the status to change back');
  await waitForBoard(page, { clues: givens }, 'the clues as read again');
  await editClues.click();
  assert.ok(!(await pressed(editClues)), 'Edit clues is released');

  // A hint in three presses: where to look, the technique and its cells, the whole step.
  const hint = cli('hint', '--json', givens);
  assert.equal(hint.hint, 'step');
  const { step } = hint;
  const panel = page.getByRole('region', { name: 'Hint' });
  const apply = button(page, 'Apply step');
  await button(page, 'Hint').click();
  await waitFor(page, async () => {
    const text = (await panel.textContent()).toLowerCase();
    return step.units.some((u) => text.includes(u.toLowerCase())) || `panel says "${text}"`;
  }, `one of ${step.units.join(', ')} named in the Hint panel`);
  assert.ok(!(await panel.textContent()).includes(step.explanation),
    'the first press does not give the step away');
  assert.ok(!(await apply.isVisible()) || (await apply.isDisabled()),
    'Apply step is not offered after the first press');
  await button(page, 'Hint').click();
  await waitFor(page, async () => (await panel.textContent()).includes(step.name)
    || `panel says "${await panel.textContent()}"`, `"${step.name}" in the Hint panel`);
  await waitFor(page, async () => {
    const cells = (await board(page)).cells;
    const missing = step.cells.filter((c) => !cells[c.index].flags.includes('hint'));
    return missing.length === 0 || `not marked hint: ${missing.map((c) => c.name)}`;
  }, 'the step\'s cells highlighted');
  await button(page, 'Hint').click();
  await waitFor(page, async () => (await panel.textContent()).includes(step.explanation)
    || `panel says "${await panel.textContent()}"`, `"${step.explanation}" in the Hint panel`);
  await waitFor(page, async () => (await apply.isEnabled()) || 'disabled', 'Apply step enabled');
  await screenshot(page, 'page-desktop.png');
  await apply.click();
  await waitFor(page, async () => {
    const cells = (await board(page)).cells;
    const bad = step.placements.filter((p) => cells[p.index].digit !== String(p.digit)
      || cells[p.index].origin !== 'filled');
    return bad.length === 0 || `not placed: ${bad.map((p) => `${p.cell}=${p.digit} but ` +
      JSON.stringify(cells[p.index]))}`;
  }, 'the step applied (filled)');
  assert.ok(await button(page, 'Undo').isEnabled(), 'Undo is enabled after a move');

  // A digit typed on the keyboard into an empty cell.
  b = await board(page);
  const open = b.cells.findIndex((c) => c.origin === 'empty');
  const name = cellName(open, size);
  const digit = solution[open];
  await cell(page, name).click();
  await page.keyboard.press(digit);
  const typed = async (want, origin) => {
    const c = (await board(page)).cells[open];
    return (c.digit === want && c.origin === origin) || `${name} is ${JSON.stringify(c)}`;
  };
  await waitFor(page, () => typed(digit, 'yours'), `${name} = ${digit}, yours`);

  // Undo, Redo.
  await button(page, 'Undo').click();
  await waitFor(page, () => typed('.', 'empty'), `${name} empty after Undo`);
  assert.ok(await button(page, 'Redo').isEnabled(), 'Redo is enabled after Undo');
  await button(page, 'Redo').click();
  await waitFor(page, () => typed(digit, 'yours'), `${name} = ${digit} again after Redo`);
  await waitFor(page, async () => (await button(page, 'Redo').isDisabled()) || 'enabled',
    'Redo disabled with nothing to redo');

  // A reload keeps the game.
  const before = (await board(page)).cells.map((c) => `${c.name} ${c.digit} ${c.origin}`);
  await page.reload();
  await page.getByRole('grid', { name: 'Sudoku board' }).waitFor();
  await waitFor(page, async () => {
    const now = (await board(page)).cells.map((c) => `${c.name} ${c.digit} ${c.origin}`);
    const diff = now.filter((c, i) => c !== before[i]);
    return (now.length === before.length && diff.length === 0)
      || `differs: ${diff.slice(0, 5).join('; ')}`;
  }, 'the same board after a reload');
  assert.ok(await button(page, 'Undo').isEnabled(), 'the moves are kept: Undo is enabled');

  // Solve: every cell filled, right, and congratulated.
  await button(page, 'Solve').click();
  await waitFor(page, async () => (await board(page)).digits === solution
    || `board ${(await board(page)).digits}`, 'the solution on the board');
  const alert = page.getByRole('alert').filter({
    has: page.getByRole('heading', { name: 'Congratulations' }) });
  await alert.waitFor();
  assert.match(await alert.textContent(), /You solved it!/);
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

// A page printed in a font the classifier misreads a few digits of (tests/data/fontmisreads): no
// solution, so the digits as read open for correcting, with the reader's reason as a sentence.
test('a photo read without a solution opens for correcting, its reason said', async () => {
  const misread = path.join(repo, 'tests/data/fontmisreads/page2.jpg');
  // `read` exits with 1 for a photo it could not solve, and still prints the reading.
  const run = spawnSync(exe, ['read', '--json', misread], { encoding: 'utf8' });
  assert.equal(run.status, 1, `read exits with 1: ${run.stderr}`);
  const read = JSON.parse(run.stdout);
  assert.equal(read.status, 'no-solution', 'the page reads without a solution on the command line');
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Photo').setInputFiles(misread);
  await waitForBoard(page, { clues: read.givens, entries: read.handwritten },
    'the digits as read, printed as clues and the rest as yours');
  const reason = `${read.message.charAt(0).toUpperCase()}${read.message.slice(1)}.`;
  await waitFor(page, async () => (await statusText(page)).includes(`Correct it below. ${reason}`)
    || `status says "${await statusText(page)}"`, `"${reason}" in the status, a sentence`);
  const doubted = new Set([...read.uncertain, ...read.unsure, ...read.cut_off]).size;
  assert.ok(doubted > 1, `several cells doubted: ${doubted}`);
  assert.match(await statusText(page), new RegExp(` ${doubted} cells were hard to read and are `
    + 'marked uncertain\\.$'));
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});
