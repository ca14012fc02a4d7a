// A photo of a paper filled in by hand: its hand-written digits open as "yours"; Check marks a
// wrong one.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  setup, openPage, cli, shared, cell, board, waitFor, waitForBoard, cellName, api,
} from './harness.mjs';

// A held-out photo (models/holdout.txt): the classifier never trained on it.
const photo = path.join(shared, 'datasets/wichtounet-train/mixed/image10.jpg');
const skip = existsSync(photo) ? false : `${photo} is absent (the shared datasets are not here)`;

let env;
before(async () => { if (!skip) env = await setup(); });
after(async () => { await env?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

// A hand-written cell and a digit to put there instead, with the hand-written cells that must be
// erased first so that the new digit is not refused (its row, column and box hold it already in
// a full grid): the fewest such cells.
function makeOneWrong(read) {
  const { size, givens, handwritten, solution } = read;
  const box = Math.sqrt(size);
  let best = null;
  for (let x = 0; x < size * size; ++x) {
    if (handwritten[x] === '.') continue;
    const [r, c] = [Math.floor(x / size), x % size];
    for (let d = 1; d <= size; ++d) {
      const b = String(d);
      if (b === solution[x]) continue;
      const holders = new Set();
      for (let i = 0; i < size * size; ++i) {
        const [ri, ci] = [Math.floor(i / size), i % size];
        const peer = ri === r || ci === c || (Math.floor(ri / box) === Math.floor(r / box)
          && Math.floor(ci / box) === Math.floor(c / box));
        if (peer && i !== x && solution[i] === b) holders.add(i);
      }
      if ([...holders].some((i) => givens[i] !== '.')) continue;
      if (!best || holders.size < best.erase.length) best = { cell: x, digit: b, erase: [...holders] };
    }
  }
  return best;
}

test('hand-written digits are yours; Check marks a wrong one', { skip }, async () => {
  const read = cli('read', '--json', photo);
  assert.equal(read.status, 'solved', `${photo} reads solved on the command line`);
  const { givens, handwritten, size } = read;
  assert.ok(/[1-9]/.test(handwritten), 'the photo has hand-written digits');
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Photo').setInputFiles(photo);
  await waitForBoard(page, { clues: givens, entries: handwritten },
    'printed digits as clues, hand-written ones as yours');
  let b = await board(page);
  assert.ok(!b.cells.some((c) => c.flags.includes('wrong')),
    'a right paper has nothing wrong after the read');
  // Cells read doubtfully, and entries too unclear to check: marked uncertain, never wrong.
  for (const i of [...read.uncertain, ...read.unsure]) {
    assert.ok(b.cells[i].flags.includes('uncertain'), `${cellName(i, size)} marked uncertain`);
  }

  const plan = makeOneWrong(read);
  assert.ok(plan, 'some hand-written cell can take another digit');
  for (const i of [...plan.erase, plan.cell]) {
    await cell(page, cellName(i, size)).click();
    await page.keyboard.press('Backspace');
    await waitFor(page, async () => (await board(page)).cells[i].origin === 'empty'
      || JSON.stringify((await board(page)).cells[i]), `${cellName(i, size)} erased`);
  }
  const name = cellName(plan.cell, size);
  await cell(page, name).click();
  await page.keyboard.press(plan.digit);
  await waitFor(page, async () => {
    const c = (await board(page)).cells[plan.cell];
    return (c.digit === plan.digit && c.origin === 'yours') || JSON.stringify(c);
  }, `${name} = ${plan.digit}, yours`);

  await button(page, 'Check').click();
  await waitFor(page, async () => {
    b = await board(page);
    const wrong = b.cells.filter((c) => c.flags.includes('wrong')).map((c) => c.name);
    return (wrong.length === 1 && wrong[0] === name) || `marked wrong: [${wrong}]`;
  }, `only ${name} marked wrong`);

  // Hint on a wrong digit says which cell is wrong (the server's sentence) and marks it.
  const moves = [...plan.erase, plan.cell].map((i) => ['erase', i]);
  moves.push(['enter', plan.cell, Number(plan.digit)]);
  const told = await api(env.url, '/api/hint', { size, clues: givens, entries: handwritten, moves });
  assert.equal(told.json.hint, 'wrong', JSON.stringify(told.json));
  await button(page, 'Hint').click();
  const panel = page.getByRole('region', { name: 'Hint' });
  await waitFor(page, async () => (await panel.textContent()).includes(told.json.message)
    || `panel says "${await panel.textContent()}"`, `"${told.json.message}" in the Hint panel`);
  assert.ok((await board(page)).cells[plan.cell].flags.includes('wrong'), `${name} marked wrong`);
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});
