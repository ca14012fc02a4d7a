#!/usr/bin/env node
// The page's live camera in Chromium with a fake camera playing a clip `sudokucam render` filmed:
// how many frames the server answers a second, and the time from a frame sent to its answer
// (the overlay is drawn at the next animation frame after it, at most 16 ms later).
//
//   node bench/camera_speed.mjs [--seconds 20] [--exe PATH]
//
// Needs tests/browser/node_modules (`npm ci --prefix tests/browser`). Loopback only.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const o = { seconds: 20, exe: process.env.SUDOKUCAM_EXE || path.join(repo, 'build/release/app/sudokucam') };
for (let i = 2; i < process.argv.length; i += 2) {
  const key = process.argv[i].replace(/^--/, '');
  if (!(key in o) || process.argv[i + 1] === undefined) {
    console.error('usage: node bench/camera_speed.mjs [--seconds 20] [--exe PATH]');
    process.exit(2);
  }
  o[key] = key === 'seconds' ? Number(process.argv[i + 1]) : process.argv[i + 1];
}
const { chromium } = createRequire(path.join(repo, 'tests/browser/package.json'))('playwright-core');

const dir = mkdtempSync(path.join(os.tmpdir(), 'sudokucam-camera-bench-'));
const clip = path.join(dir, 'clip.y4m');
execFileSync(o.exe, ['render', '--seed', '5', '--video', clip, '--frames', '150']);

const server = spawn(o.exe, ['serve', '--port', '0', '--web', path.join(repo, 'web')],
  { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => {
    const m = /open (http:\/\/127\.0\.0\.1:\d+\/)/.exec(String(d));
    if (m) resolve(m[1]);
  });
  server.on('exit', () => reject(new Error('sudokucam serve ended early')));
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox',
  '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${clip}`] });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(url);
  await page.getByRole('button', { name: 'Camera', exact: true }).click();
  const canvas = page.locator('#camera-overlay');
  await canvas.waitFor({ state: 'attached' });
  await page.waitForFunction(() => Number(document.getElementById('camera-overlay').dataset.frames) > 3);
  const latencies = [];
  let frames0 = Number(await canvas.getAttribute('data-frames'));
  let last = frames0;
  let drawn = 0;
  let samples = 0;
  const start = Date.now();
  while (Date.now() - start < o.seconds * 1000) {
    await page.waitForTimeout(40);
    const frames = Number(await canvas.getAttribute('data-frames'));
    if (frames !== last) {
      latencies.push(Number(await canvas.getAttribute('data-latency')));
      last = frames;
    }
    samples += 1;
    if ((await canvas.getAttribute('data-overlay')) === 'on') drawn += 1;
  }
  const seconds = (Date.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  console.log(`clip: 1280x720, 30 fps, sent at 640x360; ${seconds.toFixed(1)} s`);
  console.log(`frames answered: ${((last - frames0) / seconds).toFixed(1)} per second`);
  console.log(`frame sent -> answer: median ${at(0.5)} ms, 95th ${at(0.95)} ms (${latencies.length} answers)`);
  console.log(`overlay drawn in ${(100 * drawn / samples).toFixed(0)}% of samples (the clip's grid leaves the view at times)`);
} finally {
  await browser.close();
  server.kill('SIGINT');
  rmSync(dir, { recursive: true, force: true });
}
