#!/usr/bin/env node
// Load on `sudokucam serve`: N clients for S seconds mixing photo uploads (/api/read), hints
// (/api/hint) and games (/api/game). Prints requests per second, latency median/95th/99th per
// route, the 503 busy answers and the errors, the server's RSS before, at its peak and after;
// and checks every answer against the command line's (`sudokucam read --json FILE` per photo,
// `sudokucam hint --json PUZZLE` per puzzle) or, for games, against the moves sent.
//
//   node bench/serve_load.mjs [--clients 4] [--seconds 60] [--photos 24] [--exe PATH]
//                             [--url http://127.0.0.1:PORT/ [--pid PID]] [--max-reads N] [--web DIR]
//
// Node 18+ (global fetch), no dependencies. Loopback only.
import { spawn, execFile } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { isDeepStrictEqual, promisify } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function options() {
  const o = { clients: 4, seconds: 60, photos: 24, retryMs: 100, maxRequests: 1e6, web: path.join(repo, 'web'),
    exe: process.env.SUDOKUCAM_EXE || path.join(repo, 'build/release/app/sudokucam') };
  const args = process.argv.slice(2);
  for (let i = 0; i < args.length; ++i) {
    const key = args[i].replace(/^--/, '').replace(/-(.)/g, (_, c) => c.toUpperCase());
    if (key === 'help' || key === 'h') {
      console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n')
        .filter((l) => l.startsWith('//')).map((l) => l.slice(3)).join('\n'));
      process.exit(0);
    }
    if (!(key in o) && !['url', 'pid', 'maxReads'].includes(key)) {
      throw new Error(`unknown option ${args[i]}`);
    }
    const value = args[++i];
    if (value === undefined) throw new Error(`${args[i - 1]} needs a value`);
    o[key] = ['url', 'exe', 'web'].includes(key) ? value : Number(value);
    if (Number.isNaN(o[key])) throw new Error(`${args[i - 1]} needs a number`);
  }
  if (o.url) {
    const host = new URL(o.url).hostname;
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(host)) {
      throw new Error(`--url must be a loopback address, not ${host}`);
    }
  }
  return o;
}

function startServer(o) {
  if (!existsSync(o.exe)) throw new Error(`no program at ${o.exe} (build it, or --exe PATH)`);
  const args = ['serve', '--host', '127.0.0.1', '--port', '0', '--web', o.web];
  if (o.maxReads) args.push('--max-reads', String(o.maxReads));
  const child = spawn(o.exe, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { child.kill(); reject(new Error('no address in 20 s')); },
      20000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/open (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (m) { clearTimeout(timer); child.stdout.resume(); resolve({ url: m[1], child }); }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sudokucam serve ended (exit ${code}) before its address: ${out}`));
    });
  });
}

const rssKb = (pid) => {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return { rss: Number(status.match(/VmRSS:\s+(\d+)/)[1]),
      hwm: Number(status.match(/VmHWM:\s+(\d+)/)[1]) };
  } catch { return null; }
};
const mb = (kb) => (kb == null ? '?' : `${(kb / 1024).toFixed(1)} MB`);

function pickPhotos(count) {
  const photos = readdirSync(path.join(repo, 'samples')).filter((f) => f.endsWith('.jpg'))
    .map((f) => path.join(repo, 'samples', f));
  const dir = path.resolve(repo, '../shared/datasets/wichtounet-train/printed');
  if (existsSync(dir)) {
    const all = readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort();
    const want = Math.max(0, count - photos.length);
    for (let i = 0; i < want && i < all.length; ++i) {
      photos.push(path.join(dir, all[Math.floor((i * all.length) / want)]));
    }
  }
  return photos.slice(0, Math.max(count, 1));
}

// Runs `jobs` (functions answering promises) two at a time.
async function twoAtATime(jobs) {
  const results = new Array(jobs.length);
  let next = 0;
  await Promise.all([0, 1].map(async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  }));
  return results;
}

const percentile = (sorted, p) => (sorted.length === 0 ? NaN
  : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]);
const withoutTimes = (answer) => {
  const { millis, file, ...rest } = answer;
  return rest;
};
const firstDifference = (a, b) => {
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (!isDeepStrictEqual(a[key], b[key])) {
      return `${key}: ${JSON.stringify(a[key])?.slice(0, 120)} vs ${JSON.stringify(b[key])?.slice(0, 120)}`;
    }
  }
  return 'equal';
};

async function main() {
  const o = options();
  const photos = pickPhotos(o.photos);
  console.log(`reading ${photos.length} photos and their hints on the command line first...`);
  const expected = (await twoAtATime(photos.map((file) => async () => {
    // A photo not read `solved` exits 1 with its JSON printed all the same.
    const stdout = await run(o.exe, ['read', '--json', file], { maxBuffer: 16 << 20 })
      .then((r) => r.stdout, (error) => error.stdout || Promise.reject(error));
    return { file, bytes: readFileSync(file), answer: JSON.parse(stdout) };
  })));
  const puzzles = [...new Set(expected.filter((e) => e.answer.status === 'solved')
    .map((e) => e.answer.givens))];
  const hints = new Map(await twoAtATime(puzzles.map((p) => async () => {
    const { stdout } = await run(o.exe, ['hint', '--json', p]);
    return [p, JSON.parse(stdout)];
  })));
  const solutions = new Map(expected.filter((e) => e.answer.status === 'solved')
    .map((e) => [e.answer.givens, e.answer.solution]));
  console.log(`${photos.length} photos (${puzzles.length} read solved, so many puzzles for ` +
    'hints and games)');
  if (puzzles.length === 0) throw new Error('no photo reads solved: nothing to hint or play');

  let server = null;
  let url = o.url;
  let pid = o.pid;
  if (!url) {
    server = await startServer(o);
    url = server.url;
    pid = server.child.pid;
  }
  const rssBefore = pid ? rssKb(pid) : null;
  let rssPeak = rssBefore?.rss ?? 0;
  const sampler = pid ? setInterval(() => {
    const now = rssKb(pid);
    if (now) rssPeak = Math.max(rssPeak, now.rss);
  }, 250) : null;

  const routes = ['read', 'hint', 'game'];
  const stats = Object.fromEntries(routes.map((r) => [r, { ok: [], busy: 0, errors: 0,
    mismatches: 0 }]));
  const problems = [];
  const note = (route, text) => {
    stats[route].mismatches += 1;
    if (problems.length < 20) problems.push(`${route}: ${text}`);
  };

  // One request of the route, checked; answers its latency in ms or a failure kind.
  async function request(route, k) {
    const t0 = performance.now();
    let res;
    let check;
    if (route === 'read') {
      const e = expected[k % expected.length];
      res = await fetch(new URL('api/read', url), { method: 'POST', body: e.bytes,
        headers: { 'Content-Type': 'application/octet-stream',
          'X-Filename': path.basename(e.file) } });
      check = (json) => {
        const diff = firstDifference(withoutTimes(json), withoutTimes(e.answer));
        if (diff !== 'equal') note(route, `${path.basename(e.file)}: ${diff}`);
      };
    } else {
      const clues = puzzles[k % puzzles.length];
      const solution = solutions.get(clues);
      const size = Math.round(Math.sqrt(clues.length));
      let body = { size, clues, moves: [] };
      if (route === 'game') {
        // Up to 40 of the solution's digits entered, the last few undone.
        const open = [...clues].flatMap((c, i) => (c === '.' ? [i] : []));
        const count = k % Math.min(40, open.length + 1);
        const moves = open.slice(0, count).map((i) => ['enter', i, Number(solution[i])]);
        const position = Math.max(0, count - (k % 3));
        body = { size, clues, moves, position };
        check = (json) => {
          if (json.cells?.length !== size * size) return note(route, 'wrong number of cells');
          for (let m = 0; m < moves.length; ++m) {
            const [, i, d] = moves[m];
            const want = m < position ? [d, 'yours'] : [0, 'empty'];
            const got = [json.cells[i].digit, json.cells[i].origin];
            if (!isDeepStrictEqual(got, want)) {
              return note(route, `move ${m} r${Math.floor(i / size) + 1}c${(i % size) + 1}: ` +
                `${got} instead of ${want}`);
            }
          }
          if (json.status !== 'solved' || json.position !== position
              || json.refused.length !== 0 || json.wrong.length !== 0
              || json.canUndo !== position > 0 || json.canRedo !== position < moves.length) {
            note(route, `status/position/refused/wrong/canUndo/canRedo: ${JSON.stringify(
              [json.status, json.position, json.refused, json.wrong, json.canUndo,
                json.canRedo])}`);
          }
          return undefined;
        };
      } else {
        const want = hints.get(clues);
        check = (json) => {
          if (json.hint !== want.hint) return note(route, `${json.hint} vs ${want.hint}`);
          if (!isDeepStrictEqual(json.step, want.step)) {
            note(route, `step ${firstDifference(json.step ?? {}, want.step ?? {})}`);
          }
          return undefined;
        };
      }
      res = await fetch(new URL(`api/${route}`, url), { method: 'POST',
        headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    }
    const text = await res.text();
    const ms = performance.now() - t0;
    if (res.status === 503) return 'busy';
    if (res.status !== 200) {
      if (problems.length < 20) problems.push(`${route}: HTTP ${res.status} ${text.slice(0, 200)}`);
      return 'error';
    }
    check(JSON.parse(text));
    return ms;
  }

  const end = Date.now() + o.seconds * 1000;
  let total = 0;
  const started = performance.now();
  const client = async (c) => {
    for (let k = c; Date.now() < end && total < o.maxRequests; k += o.clients) {
      const route = routes[[0, 0, 1, 1, 2][k % 5] ?? 0]; // 40% photos, 40% hints, 20% games
      total += 1;
      let outcome;
      try {
        outcome = await request(route, k);
      } catch (error) {
        outcome = 'error';
        if (problems.length < 20) problems.push(`${route}: ${error.message}`);
      }
      if (outcome === 'busy') {
        stats[route].busy += 1;
        await new Promise((r) => setTimeout(r, o.retryMs));
      } else if (outcome === 'error') {
        stats[route].errors += 1;
      } else {
        stats[route].ok.push(outcome);
      }
    }
  };
  await Promise.all(Array.from({ length: o.clients }, (_, c) => client(c)));
  const seconds = (performance.now() - started) / 1000;
  if (sampler) clearInterval(sampler);
  const rssAfter = pid ? rssKb(pid) : null;

  const done = routes.reduce((n, r) => n + stats[r].ok.length, 0);
  console.log(`\n${o.clients} clients, ${seconds.toFixed(1)} s, ${done} answers ` +
    `(${(done / seconds).toFixed(1)}/s), server ${url}`);
  console.log('route   answers   per s   median ms   95th ms   99th ms   503 busy   errors   mismatches');
  for (const r of routes) {
    const s = stats[r];
    const sorted = [...s.ok].sort((a, b) => a - b);
    const f = (v) => (Number.isNaN(v) ? '-' : v.toFixed(1));
    console.log(`${`/api/${r}`.padEnd(11)}${String(s.ok.length).padStart(6)}` +
      `${(s.ok.length / seconds).toFixed(1).padStart(8)}${f(percentile(sorted, 50)).padStart(12)}` +
      `${f(percentile(sorted, 95)).padStart(10)}${f(percentile(sorted, 99)).padStart(10)}` +
      `${String(s.busy).padStart(11)}${String(s.errors).padStart(9)}` +
      `${String(s.mismatches).padStart(13)}`);
  }
  if (pid) {
    console.log(`server RSS: ${mb(rssBefore?.rss)} before, ${mb(rssPeak)} peak (sampled), ` +
      `${mb(rssAfter?.rss)} after (VmHWM ${mb(rssAfter?.hwm)})`);
  }
  for (const p of problems) console.log(`PROBLEM ${p}`);
  if (server) {
    server.child.kill('SIGTERM');
    await new Promise((r) => server.child.once('exit', r));
  }
  const bad = routes.some((r) => stats[r].errors || stats[r].mismatches);
  if (bad) {
    console.log('FAILED: some answers were errors or differed from the command line');
    process.exitCode = 1;
  } else {
    console.log('every answer equal to the command line\'s');
  }
}

main().catch((error) => {
  console.error(`serve_load: ${error.message}`);
  process.exit(2);
});
