// The live camera in the page: Chromium's fake camera plays a video that `sudokucam render`
// filmed of a rendered newspaper page (its ground truth beside it). The overlay appears, its
// corners lie on the grid where the video shows it, it goes when the grid leaves the view, and a
// refused camera gives its message.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setup, launchBrowser, openPage, exe, waitFor } from './harness.mjs';

// 4 s of a hand-held camera over the page; the grid leaves the view part of the time.
const dir = mkdtempSync(path.join(os.tmpdir(), 'sudokucam-camera-'));
const clip = path.join(dir, 'clip.y4m');
execFileSync(exe, ['render', '--seed', '5', '--video', clip, '--frames', '120']);
const truth = JSON.parse(readFileSync(path.join(dir, 'clip.json'), 'utf8'));

let env;
before(async () => {
  env = await setup({ browserArgs: ['--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${clip}`] });
});
after(async () => {
  await env?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The largest corner distance to the nearest frame of the clip where the grid is in view: the
// page's clock and the clip's cannot be matched frame by frame, so the test asks that the
// overlay lies where the grid really was at some moment.
function nearestTruthError(corners) {
  let best = Infinity;
  for (const frame of truth.frames) {
    if (frame.visibility !== 'full') continue;
    const error = Math.max(...frame.corners.map(([x, y], i) => Math.hypot(x - corners[i][0],
      y - corners[i][1])));
    best = Math.min(best, error);
  }
  return best;
}

async function overlayState(page) {
  const canvas = page.locator('#camera-overlay');
  const corners = await canvas.getAttribute('data-corners');
  return { on: (await canvas.getAttribute('data-overlay')) === 'on',
    corners: corners ? JSON.parse(corners) : null };
}

test('the answer is drawn on the grid the camera sees, and goes when the grid leaves', async (t) => {
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  const errors = [];
  let on = 0;
  let offAfterOn = 0;
  const started = Date.now();
  while (Date.now() - started < 25000 && !(on >= 8 && offAfterOn >= 1)) {
    await page.waitForTimeout(150);
    const state = await overlayState(page);
    if (state.on && state.corners) {
      on += 1;
      errors.push(nearestTruthError(state.corners));
    } else if (on > 0 && !state.corners) {
      offAfterOn += 1;
    }
  }
  assert.ok(on >= 8, `the overlay was drawn on ${on} samples`);
  assert.ok(offAfterOn >= 1, 'the overlay went when the grid left the view');
  errors.sort((a, b) => a - b);
  const median = errors[Math.floor(errors.length / 2)];
  t.diagnostic(`overlay corners to the nearest true pose: median ${median.toFixed(1)} px, `
    + `max ${errors[errors.length - 1].toFixed(1)} px over ${errors.length} samples`);
  assert.ok(median < 8, `corners within 8 px of a true pose (median ${median.toFixed(1)} px; `
    + `all ${errors.map((e) => e.toFixed(1)).join(' ')})`);
  // The other overlays: the candidates draw more than the solution, the check draws nothing on
  // a page nobody has written in.
  const drawn = async (mode) => {
    await page.getByLabel('Show', { exact: true }).selectOption(mode);
    await waitFor(page, async () => {
      const canvas = page.locator('#camera-overlay');
      return ((await canvas.getAttribute('data-mode')) === mode
        && (await canvas.getAttribute('data-overlay')) === 'on') || 'not drawn yet';
    }, `the ${mode} overlay`);
    return Number(await page.locator('#camera-overlay').getAttribute('data-drawn'));
  };
  const solutionGlyphs = await drawn('solution');
  assert.equal(solutionGlyphs, [...truth.puzzle].filter((c) => c === '.').length,
    'a digit in every empty cell');
  await waitFor(page, async () => (await drawn('candidates')) > solutionGlyphs || 'as few',
    'the candidates, more than one in some cells');
  assert.equal(await drawn('check'), 0, 'no hand-written digit to check');
  await drawn('solution');
  // "Use this board" opens what the camera read in the helper.
  await waitFor(page, async () => (await overlayState(page)).on || 'no overlay', 'the overlay back');
  await page.getByRole('button', { name: 'Use this board', exact: true }).click();
  await waitFor(page, async () => {
    const label = await page.getByRole('gridcell').first().getAttribute('aria-label');
    return label !== null || 'no board';
  }, 'the board');
  const clues = truth.puzzle;
  const first = clues.search(/[1-9]/);
  const name = `r${Math.floor(first / 9) + 1}c${(first % 9) + 1}`;
  await waitFor(page, async () => {
    const label = await page.getByRole('gridcell', { name: new RegExp(`^${name}:`) })
      .getAttribute('aria-label');
    return label === `${name}: ${clues[first]}, clue` || label;
  }, `${name} holds the clue ${clues[first]}`);
  assert.deepEqual(env.errors, []);
});

test('a refused camera says so and offers the photo input', async () => {
  // A browser of its own with no fake camera: the request for one fails.
  const browser = await launchBrowser(['--deny-permission-prompts']);
  try {
    const page = await browser.newPage();
    await openPage(page, env.url);
    await page.getByRole('button', { name: 'Camera', exact: true }).click();
    await waitFor(page, async () => {
      const text = await page.locator('#camera-status').textContent();
      return /refused|No camera|needs HTTPS/.test(text) || `status "${text}"`;
    }, 'the camera refusal message');
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    assert.equal(focused, 'photo', 'the Photo input is offered instead');
  } finally {
    await browser.close();
  }
});
