// The live camera in the page: frames go to the server (downscaled, one at a time, never
// queued), which follows the grid with the same LiveSession as `sudokucam live` and answers its
// corners and, once read, the board; the answer is drawn here on a canvas over the video, in
// the grid's perspective, smoothed between answers: the solution, the candidates, the next hint
// or the check of the person's digits, as `sudokucam live` shows them. The candidates and the
// hint are asked of the server once per board read. The canvas exposes the corners it draws
// (data-corners, in video pixels) for the tests.

import { cameraFrame, closeCamera, gameState, nextHint } from './api.js';
import { readingKind, variantRequest } from './state.js';

const SEND_WIDTH = 640;         // frames are sent at most this wide
const MIN_INTERVAL_MS = 80;     // at most about 12 frames a second
const SMOOTHING = 0.5;          // share of the way to the newest corners per drawn frame

// The projective map of the unit square onto a quadrilateral (top-left, top-right,
// bottom-right, bottom-left), after Heckbert: cell centres land where the page shows them.
function squareToQuad(q) {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = q;
  const dx3 = x0 - x1 + x2 - x3;
  const dy3 = y0 - y1 + y2 - y3;
  let g = 0;
  let h = 0;
  if (Math.abs(dx3) > 1e-9 || Math.abs(dy3) > 1e-9) {
    const dx1 = x1 - x2;
    const dx2 = x3 - x2;
    const dy1 = y1 - y2;
    const dy2 = y3 - y2;
    const det = dx1 * dy2 - dx2 * dy1;
    g = (dx3 * dy2 - dx2 * dy3) / det;
    h = (dx1 * dy3 - dx3 * dy1) / det;
  }
  const a = x1 - x0 + g * x1;
  const b = x3 - x0 + h * x3;
  const d = y1 - y0 + g * y1;
  const e = y3 - y0 + h * y3;
  return (u, v) => {
    const w = g * u + h * v + 1;
    return [(a * u + b * v + x0) / w, (d * u + e * v + y0) / w];
  };
}

export class CameraPanel {
  // `onBoard(reading)`: the person tapped the video or "Use this board" on a board read.
  constructor(elements, onBoard) {
    Object.assign(this, elements);
    this.onBoard = onBoard;
    this.stream = null;
    this.session = null;
    this.target = null;   // newest corners from the server, video pixels
    this.shown = null;    // corners drawn, smoothed toward the target
    this.reading = null;
    this.sending = false;
    this.button.addEventListener('click', () => this.open());
    this.close.addEventListener('click', () => this.stop('The camera is closed.'));
    this.freeze.addEventListener('click', () => this.useBoard());
    this.mode = 'solution';
    this.show.addEventListener('change', () => { this.mode = this.show.value; });
    this.boardKey = '';
    this.extras = {};  // the board's candidates and next hint, from the server
    this.video.addEventListener('click', () => this.useBoard());
  }

  say(text) {
    this.status.textContent = text;
  }

  async open() {
    this.view.hidden = false;
    if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) {
      this.refuse('This browser gives the page no camera here: it needs HTTPS (sudokucam serve '
        + '--tls) or localhost. Use the Photo input instead, which opens the camera too.');
      return;
    }
    try {
      this.stream = await navigator.mediaDevices.getUserMedia({ audio: false,
        video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 },
          height: { ideal: 720 } } });
    } catch (error) {
      this.refuse(error && error.name === 'NotAllowedError'
        ? 'The camera was refused. Allow it in the browser, or use the Photo input instead.'
        : 'No camera could be opened. Use the Photo input instead.');
      return;
    }
    this.session = crypto.randomUUID ? crypto.randomUUID()
      : String(Math.random()).slice(2) + String(Date.now());
    this.video.srcObject = this.stream;
    await this.video.play();
    this.say('Point the camera at a Sudoku.');
    this.running = true;
    this.sendLoop();
    requestAnimationFrame(() => this.drawLoop());
  }

  refuse(message) {
    this.say(message);
    this.overlay.dataset.overlay = 'off';
    this.fallback.focus();
  }

  stop(message) {
    this.running = false;
    if (this.stream) this.stream.getTracks().forEach((track) => track.stop());
    this.stream = null;
    if (this.session) closeCamera(this.session);
    this.session = null;
    this.target = null;
    this.shown = null;
    this.view.hidden = true;
    if (message) this.say(message);
  }

  useBoard() {
    if (!this.reading) {
      this.say('No board is read yet: hold the grid in view a moment.');
      return;
    }
    const reading = this.reading;
    this.stop();
    this.onBoard(reading);
  }

  // One frame at a time: the next is taken when the answer to the last is in.
  async sendLoop() {
    while (this.running) {
      const started = performance.now();
      await this.sendFrame();
      const wait = MIN_INTERVAL_MS - (performance.now() - started);
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async sendFrame() {
    const width = this.video.videoWidth;
    const height = this.video.videoHeight;
    if (!width || !height) return;
    const scale = Math.min(1, SEND_WIDTH / width);
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    canvas.getContext('2d').drawImage(this.video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    if (!blob || !this.running) return;
    try {
      const sent = performance.now();
      const answer = await cameraFrame(this.session, blob, Number(this.size.value),
        this.kind.value);
      // What the benchmark and the tests read: answers so far and the last round trip.
      this.overlay.dataset.frames = String(Number(this.overlay.dataset.frames || 0) + 1);
      this.overlay.dataset.latency = String(Math.round(performance.now() - sent));
      this.take(answer, width / answer.width);
    } catch (error) {
      this.say(error.message);
    }
  }

  take(answer, toVideo) {
    this.target = answer.grid ? answer.grid.map(([x, y]) => [x * toVideo, y * toVideo]) : null;
    if (!this.target) this.shown = null;
    this.reading = answer.overlay && answer.reading ? answer.reading : this.reading;
    if (this.reading) this.askExtras(this.reading);
    if (!answer.grid) this.say('Looking for a grid...');
    else if (answer.overlay && this.mode === 'hint' && this.extras.hint && this.extras.hint.step) {
      this.say(`Next step: ${this.extras.hint.step.explanation}`);
    } else if (answer.overlay) this.say('Solved: tap the video or "Use this board" to play on it.');
    else this.say('Grid found; reading it...');
    this.solved = Boolean(answer.overlay);
  }

  // The candidates and the next step of a board, asked once when a new board is read.
  async askExtras(reading) {
    const key = reading.givens + reading.handwritten;
    if (key === this.boardKey) return;
    this.boardKey = key;
    this.extras = {};
    const game = { size: reading.size, clues: reading.givens, entries: reading.handwritten,
      ...variantRequest(readingKind(reading)) };
    try {
      const [state, hint] = await Promise.all([gameState(game), nextHint(game)]);
      if (this.boardKey === key) this.extras = { state, hint };
    } catch {
      // The overlay keeps to the solution and the check.
    }
  }

  drawLoop() {
    if (!this.running) return;
    const canvas = this.overlay;
    const width = this.video.videoWidth;
    const height = this.video.videoHeight;
    if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    const context = canvas.getContext('2d');
    context.clearRect(0, 0, canvas.width, canvas.height);
    if (this.target) {
      this.shown = this.shown ? this.shown.map(([x, y], i) => [
        x + SMOOTHING * (this.target[i][0] - x), y + SMOOTHING * (this.target[i][1] - y)])
        : this.target.map((p) => [...p]);
      this.drawGrid(context, this.shown);
    }
    canvas.dataset.overlay = this.target && this.solved ? 'on' : 'off';
    canvas.dataset.corners = this.shown ? JSON.stringify(this.shown.map(([x, y]) =>
      [Math.round(x * 10) / 10, Math.round(y * 10) / 10])) : '';
    requestAnimationFrame(() => this.drawLoop());
  }

  drawGrid(context, corners) {
    context.lineWidth = Math.max(2, context.canvas.width / 300);
    context.strokeStyle = '#1a73e8';
    context.beginPath();
    corners.forEach(([x, y], i) => (i ? context.lineTo(x, y) : context.moveTo(x, y)));
    context.closePath();
    context.stroke();
    if (!this.solved || !this.reading || !this.reading.solution) return;
    const map = squareToQuad(corners);
    const n = this.reading.size;
    // Where cell (r, c)'s point (u, v) in 0..1 lands, and how wide the cell is there.
    const at = (cell, u = 0.5, v = 0.5) => {
      const r = Math.floor(cell / n);
      const c = cell % n;
      const [x, y] = map((c + u) / n, (r + v) / n);
      const [x2] = map((c + u + 0.5) / n, (r + v) / n);
      return { x, y, width: Math.abs(x2 - x) * 2 };
    };
    context.textAlign = 'center';
    context.textBaseline = 'middle';
    const draw = { solution: () => this.drawSolution(context, at),
      candidates: () => this.drawCandidates(context, at),
      hint: () => this.drawHint(context, at),
      check: () => this.drawCheck(context, at) }[this.mode];
    this.drawn = 0;
    draw();
    // For the tests: which overlay and how many glyphs it drew in this frame.
    context.canvas.dataset.mode = this.mode;
    context.canvas.dataset.drawn = String(this.drawn);
  }

  text(context, text, { x, y, width }, scale, colour) {
    this.drawn += 1;
    context.fillStyle = colour;
    context.font = `${Math.max(7, width * scale)}px sans-serif`;
    context.fillText(text, x, y);
  }

  drawSolution(context, at) {
    const { givens, handwritten, solution } = this.reading;
    for (let cell = 0; cell < solution.length; cell += 1) {
      if (givens[cell] === '.' && handwritten[cell] === '.') {
        this.text(context, solution[cell], at(cell), 0.7, '#0b7a3b');
      }
    }
  }

  drawCandidates(context, at) {
    const state = this.extras.state;
    if (!state) return;
    const side = Math.ceil(Math.sqrt(state.size));
    state.cells.forEach((info, cell) => {
      for (const d of info.candidates || []) {
        const u = ((d - 1) % side + 0.5) / side;
        const v = (Math.floor((d - 1) / side) + 0.5) / side;
        this.text(context, d <= 9 ? String(d) : String.fromCharCode(55 + d), at(cell, u, v),
          0.28, '#0550ae');
      }
    });
  }

  drawHint(context, at) {
    const hint = this.extras.hint;
    if (!hint || hint.hint !== 'step') return;
    const { step } = hint;
    context.fillStyle = 'rgb(255 214 0 / 35%)';
    for (const c of step.cells) {
      const { x, y, width } = at(c.index);
      context.fillRect(x - width / 2, y - width / 2, width, width);
    }
    for (const p of step.placements) this.text(context, String(p.digit), at(p.index), 0.7, '#0b7a3b');
  }

  // The person's digits as the reader judged them: right ones circled green, mistakes red, those
  // too unclear to judge amber with a question mark. Drawn only for a board read as a puzzle with
  // one solution (the server says so), never for a doubtful reading.
  drawCheck(context, at) {
    const { handwritten } = this.reading;
    const mistakes = new Set(this.reading.mistakes || []);
    const unsure = new Set(this.reading.unsure || []);
    context.lineWidth = 3;
    for (let cell = 0; cell < handwritten.length; cell += 1) {
      if (handwritten[cell] === '.') continue;
      const { x, y, width } = at(cell);
      context.strokeStyle = mistakes.has(cell) ? '#b3261e' : unsure.has(cell) ? '#b86e00' : '#0b7a3b';
      if (unsure.has(cell)) this.text(context, '?', { x: x + width * 0.3, y: y - width * 0.3, width }, 0.35, '#b86e00');
      context.beginPath();
      context.arc(x, y, width * 0.42, 0, 2 * Math.PI);
      context.stroke();
      this.drawn += 1;
    }
  }
}
