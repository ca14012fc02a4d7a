// An iPhone's HEIC chosen in the Photo input: Chromium cannot show it, the server reads it; the
// board is the reading's and the preview steps aside instead of showing a broken image.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  setup, openPage, cli, repo, waitFor, waitForBoard, statusText, screenshot,
} from './harness.mjs';

const heic = path.join(repo, 'tests/data/newspaper-rotated.heic');
let env;
before(async () => { env = await setup(); });
after(async () => { await env?.close(); });

test('a HEIC photo is read by the server though the browser cannot show it', async () => {
  const read = cli('read', '--json', heic);
  assert.equal(read.status, 'solved', 'the HEIC reads solved on the command line');
  const page = await env.newPage();
  await openPage(page, env.url);
  await page.getByLabel('Photo').setInputFiles(
    { name: 'IMG_0001.HEIC', mimeType: 'image/heic', buffer: await import('node:fs')
      .then((fs) => fs.promises.readFile(heic)) });
  const clueCount = [...read.givens].filter((c) => c !== '.').length;
  await waitFor(page, async () => (await statusText(page)).includes(`Read: ${clueCount} clues`)
    || `status says "${await statusText(page)}"`, `"Read: ${clueCount} clues" in the status`);
  await waitForBoard(page, { clues: read.givens, entries: read.givens.replace(/./g, '.') },
    'the HEIC\'s givens as clues');
  // The caption (the reading's sentence) stays; the image Chromium cannot decode is hidden.
  await waitFor(page, async () => page.locator('#photo-image').evaluate(
    (img) => img.parentElement.hidden) || 'the broken preview still shows', 'the preview hidden');
  assert.ok((await page.locator('#photo-caption').textContent()).length > 0, 'a caption');
  await screenshot(page, 'heic-upload.png');
});
