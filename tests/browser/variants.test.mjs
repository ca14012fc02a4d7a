// Jigsaw and X Sudokus on the page: a jigsaw generated, its region borders drawn where its map
// says, a digit its region already holds refused with the region named, a hint; an X Sudoku
// typed in, a digit twice on a diagonal warned. The variant survives a reload. A jigsaw photo read
// as one opens a game on the regions read from its thick lines.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  setup, openPage, cli, exe, board, cell, waitFor, statusText,
} from './harness.mjs';

let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

const button = (page, name) => page.getByRole('button', { name, exact: true });

// The game the page keeps in its URL (state.js encodeHash).
async function gameOfUrl(page) {
  const hash = new URL(page.url()).hash.replace(/^#g=/, '');
  return JSON.parse(Buffer.from(hash, 'base64url').toString('utf8'));
}

// Whether each cell has a thick line on its right and at its bottom, as drawn.
async function thickLines(page) {
  return page.getByRole('gridcell').evaluateAll((cells) => cells.map((c) => {
    const style = getComputedStyle(c);
    return [parseFloat(style.borderRightWidth) >= 2, parseFloat(style.borderBottomWidth) >= 2];
  }));
}

// An empty cell and a clue's digit that only `sameUnit` keeps out of it (not its row, column).
function blockedOnlyBy(clues, size, sameUnit) {
  const inLine = (c, d) => [...clues].some((x, i) => x === d
    && (Math.floor(i / size) === Math.floor(c / size) || i % size === c % size));
  for (let c = 0; c < clues.length; c += 1) {
    if (clues[c] !== '.') continue;
    for (let o = 0; o < clues.length; o += 1) {
      if (clues[o] !== '.' && sameUnit(c, o) && !inLine(c, clues[o])) return [c, clues[o]];
    }
  }
  return [-1, ''];
}

// Waits until the game drawn is of `variant` (the URL is written just before the board).
async function gameOf(page, variant) {
  await waitFor(page, async () => (await gameOfUrl(page)).variant === variant
    || `the game is ${(await gameOfUrl(page)).variant}`, `a ${variant} game`);
  return gameOfUrl(page);
}

async function saysIt(page, words) {
  await waitFor(page, async () => (await statusText(page)).includes(words)
    || `status says "${await statusText(page)}"`, `"${words}" in the status`);
}

test('a jigsaw: regions drawn from its map, a region conflict refused, a hint', async () => {
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Variant').selectOption('jigsaw');
  await page.getByLabel('Size').selectOption('9');
  await page.getByLabel('Difficulty').selectOption('easy');
  // The page asks for a random puzzle; a seed makes this one the same on every run.
  await page.route('**/api/generate', (route) => route.continue({
    postData: JSON.stringify({ ...route.request().postDataJSON(), seed: 3 }) }));
  await button(page, 'Generate').click();
  await saysIt(page, 'A new 9x9 jigsaw');
  const game = await gameOf(page, 'jigsaw');
  assert.equal(game.regions.length, 81);
  const { regions, clues } = game;

  // Each cell names its region; thick lines exactly where the map changes region.
  const b = await board(page);
  assert.deepEqual(b.cells.map((c) => c.where.replace('region ', '')).join(''), regions);
  const lines = await thickLines(page);
  lines.forEach(([right, bottom], i) => {
    const c = i % 9;
    assert.equal(right, c < 8 && regions[i] !== regions[i + 1], `r${Math.floor(i / 9) + 1}c${c + 1} right`);
    assert.equal(bottom, i < 72 && regions[i] !== regions[i + 9], `r${Math.floor(i / 9) + 1}c${c + 1} bottom`);
  });

  // A digit its region holds (and neither its row nor its column): refused, the region named.
  const [blocked, digit] = blockedOnlyBy(clues, 9, (a, o) => regions[a] === regions[o]);
  assert.ok(blocked >= 0, 'the puzzle has a cell only its region blocks');
  const name = `r${Math.floor(blocked / 9) + 1}c${(blocked % 9) + 1}`;
  await cell(page, name).click();
  await page.keyboard.press(digit);
  await saysIt(page, `${digit} cannot go in ${name}: region ${regions[blocked]} already has it.`);
  assert.equal((await board(page)).cells[blocked].digit, '.');

  // Two right digits, from the command line's solution on the same regions.
  const solution = cli('solve', '--json', `${clues} ${regions}`).solution;
  const open = [...clues].map((d, i) => (d === '.' ? i : -1)).filter((i) => i >= 0).slice(0, 2);
  for (const i of open) {
    await cell(page, `r${Math.floor(i / 9) + 1}c${(i % 9) + 1}`).click();
    await page.keyboard.press(solution[i]);
  }
  await waitFor(page, async () => {
    const now = (await board(page)).cells;
    return open.every((i) => now[i].digit === solution[i] && now[i].origin === 'yours')
      || open.map((i) => `${now[i].name} ${now[i].digit}`).join(', ');
  }, 'two digits entered');

  // Hint: where to look first, then the whole step, applied.
  await button(page, 'Hint').click();
  const hint = page.getByRole('region', { name: 'Hint' });
  await waitFor(page, async () => (await hint.textContent()).includes('Look at ')
    || await hint.textContent(), 'where to look');
  await button(page, 'Hint').click();
  await button(page, 'Hint').click();
  const filled = (await board(page)).digits.replace(/\./g, '').length;
  await button(page, 'Apply step').click();
  await waitFor(page, async () => (await board(page)).digits.replace(/\./g, '').length > filled
    || 'no new digit', 'the step applied');

  // A reload keeps the jigsaw (localStorage and the URL).
  await page.reload();
  await waitFor(page, async () => (await board(page)).cells[0]?.where === `region ${regions[0]}`
    || 'no region in r1c1', 'the regions after a reload');
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

test('an X Sudoku typed in: its diagonals shaded, a digit twice on one warned', async () => {
  const page = await env.newPage();
  await openPage(page, env.url);
  const made = cli('generate', '--json', '--variant', 'x', '--seed', '5', '--difficulty', 'easy');
  await page.getByLabel('Variant').selectOption('x');
  await page.getByLabel('Puzzle text').fill(made.puzzle);
  await button(page, 'Open puzzle').click();
  await saysIt(page, 'Opened a 9x9 X Sudoku');
  await gameOf(page, 'x');
  const b = await board(page);
  assert.equal(b.cells[0].where, 'on the main diagonal');
  assert.equal(b.cells[8].where, 'on the anti-diagonal');
  assert.equal(b.cells[40].where, 'on both diagonals');
  assert.equal(b.cells[1].where, '');
  const shades = await page.getByRole('gridcell').evaluateAll((cells) =>
    cells.map((c) => getComputedStyle(c).backgroundColor));
  assert.notEqual(shades[10], shades[11], 'r2c2 (diagonal) shaded unlike r2c3');

  // A clue put on the diagonal that already holds it (Edit clues): warned, the cells marked.
  const clues = made.puzzle;
  const diagonal = (i) => {
    const [row, col] = [Math.floor(i / 9), i % 9];
    return row === col ? 'the main diagonal' : row + col === 8 ? 'the anti-diagonal' : '';
  };
  const box = (i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3);
  const [blocked, digit] = blockedOnlyBy(clues, 9, (a, o) => diagonal(a) !== ''
    && diagonal(a) === diagonal(o) && ![...clues].some((d, i) => d === clues[o] && box(i) === box(a)));
  assert.ok(blocked >= 0, 'a cell only a diagonal blocks');
  const unit = diagonal(blocked);
  const name = `r${Math.floor(blocked / 9) + 1}c${(blocked % 9) + 1}`;
  await cell(page, name).click();
  await page.keyboard.press(digit);
  await saysIt(page, `${digit} cannot go in ${name}: ${unit} already has it.`);
  await button(page, 'Edit clues').click();
  await cell(page, name).click();
  await page.keyboard.press(digit);
  const warnings = page.getByRole('list', { name: 'Warnings' });
  await waitFor(page, async () => (await warnings.textContent()).includes(`T${unit.slice(1)} has two ${digit}s`)
    || await warnings.textContent(), 'the diagonal warning');
  assert.ok((await board(page)).cells[blocked].flags.includes('conflict'));
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
});

test('a jigsaw photo read as a jigsaw opens a game on its regions', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sudokucam-jigsaw-'));
  const photo = path.join(dir, 'jigsaw.jpg');
  const truthFile = path.join(dir, 'truth.json');
  execFileSync(exe, ['render', '--variant', 'jigsaw', '--seed', '3', '--perspective',
    '-o', photo, '--truth', truthFile]);
  const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8'));
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Kind').selectOption('jigsaw');
  await page.getByLabel('Photo').setInputFiles(photo);
  const game = await gameOf(page, 'jigsaw');
  assert.equal(game.regions, truth.regions, 'the regions read are the ones drawn');
  assert.equal(game.clues, truth.puzzle, 'the clues read are the ones drawn');
  await waitFor(page, async () => (await board(page)).cells[0].where.startsWith('region ')
    || (await board(page)).cells[0].where, 'cells named by their region');
  assert.deepEqual(env.errors, [], 'no uncaught errors in the page');
  fs.rmSync(dir, { recursive: true, force: true });
});
