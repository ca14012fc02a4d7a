// Wires the page: events -> the game object -> the server -> the board. Every answer about the
// puzzle comes from the server (web/API.md), so the page and the command line always agree.

import * as api from './api.js';
import { BoardView } from './board.js';
import { CameraPanel } from './camera.js';
import { PhotoPanel } from './photo.js';
import * as state from './state.js';

const $ = (id) => document.getElementById(id);

// A built-in easy puzzle, so the first visit is not an empty page (samples/newspaper.jpg).
const WELCOME = '..48.9....3..4....8...7.1..9..7.3..6.53.9.74.2..4.6..1..5.6...3....8..2....3.56..';

const page = {
  game: null,
  answer: null,
  modes: { pencil: false, candidates: false, edit: false },
  highlight: 0,
  hint: null,        // the /api/hint answer being shown
  hintStage: 0,      // 0 none, 1 where to look, 2 technique and cells, 3 the whole step
  wasSolved: false,
  busy: Promise.resolve(),
};

let board;
let photo;

function say(text) {
  $('message').textContent = text;
}

// ---- the game, sent to the server after every change --------------------------------------

// Runs one change at a time, in order, so fast typing never sends two games at once.
function serially(task) {
  page.busy = page.busy.then(task).catch((error) => say(error.message));
  return page.busy;
}

async function refresh({ lastMoveIsNew = false } = {}) {
  let answer = await api.gameState(state.gameRequest(page.game));
  const last = page.game.moves.length - 1;
  if (lastMoveIsNew && answer.refused.includes(last)) {
    say(refusalSentence(page.game.moves[last]));
    page.game = state.dropLastMove(page.game);
    answer = await api.gameState(state.gameRequest(page.game));
  }
  page.answer = answer;
  keep();
  draw();
}

function refusalSentence(move) {
  const [kind, cell, digit] = move;
  const where = cell !== undefined ? state.cellName(page.game.size, cell) : '';
  if (kind === 'enter') {
    return page.answer && page.answer.cells[cell].origin === 'clue'
      ? `${where} holds a clue; use Edit clues to correct a misread.`
      : `${state.digitChar(digit)} cannot go in ${where}: its row, column or box already has it.`;
  }
  if (kind === 'reveal' || kind === 'solve') return 'The clues have no single solution to show.';
  if (kind === 'step' || kind === 'singles') return 'Nothing to fill from here.';
  return 'That changes nothing.';
}

function keep() {
  state.saveToStorage(page.game);
  const hash = `#${state.encodeHash(page.game)}`;
  if (location.hash !== hash) history.replaceState(null, '', hash);
}

function startGame(game, message) {
  page.game = game;
  page.hint = null;
  page.hintStage = 0;
  page.wasSolved = false;
  board.selected = 0;
  if (message) say(message);
  fillDigitControls(game.size);
  return serially(async () => {
    await refresh();
    page.wasSolved = page.answer.solved;
    showGrade();
  });
}

function play(move) {
  page.game = state.addMove(page.game, move);
  page.hint = null;
  page.hintStage = 0;
  return serially(() => refresh({ lastMoveIsNew: true }));
}

function change(next) {
  page.game = next;
  page.hint = null;
  page.hintStage = 0;
  return serially(() => refresh());
}

// ---- drawing -------------------------------------------------------------------------------

function cellsOf(list) {
  return new Set((list || []).map((c) => (typeof c === 'number' ? c : c.index)));
}

function hintView() {
  const cells = new Set();
  const marks = new Map();
  const step = page.hint && page.hint.step;
  const mark = (cell, digit, kind) => {
    if (!marks.has(cell)) marks.set(cell, new Map());
    marks.get(cell).set(digit, kind);
  };
  if (page.hint && page.hint.hint === 'wrong') cellsOf(page.hint.cells).forEach((c) => cells.add(c));
  if (page.hint && page.hint.hint === 'guess' && page.hintStage >= 2) cells.add(page.hint.cell.index);
  if (step && page.hintStage >= 2) {
    cellsOf(step.cells).forEach((c) => cells.add(c));
    step.placements.forEach((p) => cells.add(p.index));
  }
  if (step && page.hintStage >= 3) {
    step.proof.forEach((p) => mark(p.index, p.digit, 'proof'));
    step.eliminations.forEach((p) => {
      cells.add(p.index);
      mark(p.index, p.digit, 'remove');
    });
    step.placements.forEach((p) => mark(p.index, p.digit, 'place'));
  }
  return { cells, marks };
}

function draw() {
  const answer = page.answer;
  if (!answer) return;
  const hint = hintView();
  const conflict = new Set();
  for (const w of answer.warnings) if (w.kind === 'duplicate') cellsOf(w.cells).forEach((c) => conflict.add(c));
  for (const p of answer.problems) if (p.kind === 'duplicate') cellsOf(p.cells).forEach((c) => conflict.add(c));
  const showWrong = page.game.checked || (page.hint && page.hint.hint === 'wrong');
  board.render(answer, {
    showCandidates: page.modes.candidates || (page.hintStage >= 3 && hint.marks.size > 0),
    marked: state.markedCells(page.game),
    wrong: showWrong ? new Set(answer.wrong) : new Set(),
    uncertain: new Set(page.game.uncertain),
    conflict,
    hint: hint.cells,
    hintMarks: hint.marks,
    highlight: page.highlight,
  });
  drawWarnings(answer);
  drawHint();
  $('undo').disabled = !answer.canUndo;
  $('redo').disabled = !answer.canRedo;
  $('apply-step').disabled = !(page.hint && page.hint.hint === 'step' && page.hintStage >= 3);
  $('congratulation').hidden = !answer.solved;
  if (answer.solved && !page.wasSolved) say('Solved! Every cell is filled and right.');
  page.wasSolved = answer.solved;
}

function drawWarnings(answer) {
  const list = $('warnings');
  list.replaceChildren();
  const sentences = [...answer.problems, ...answer.warnings].map((p) => p.message);
  if (page.game.checked && answer.status === 'solved') {
    sentences.push(answer.wrong.length
      ? `${answer.wrong.length} of your digits ${answer.wrong.length === 1 ? 'is' : 'are'} wrong: `
        + answer.wrong.map((c) => state.cellName(page.game.size, c)).join(' ')
      : 'Every digit so far is right.');
  }
  for (const sentence of [...new Set(sentences)]) {
    const item = document.createElement('li');
    item.textContent = sentence;
    list.append(item);
  }
}

function drawHint() {
  const text = $('hint-text');
  const hint = page.hint;
  if (!hint || page.hintStage === 0) {
    text.textContent = 'Press Hint for the next step: where to look first, then the technique, '
      + 'then the whole step.';
    return;
  }
  if (hint.hint !== 'step') {
    text.textContent = {
      complete: 'The puzzle is complete.',
      wrong: hint.message,
      none: hint.message,
      guess: page.hintStage >= 2 ? hint.explanation
        : 'No technique applies here: the next step is a guess. Press Hint again for where.',
    }[hint.hint] || '';
    return;
  }
  const step = hint.step;
  if (page.hintStage === 1) text.textContent = `Look at ${step.units.join(', ') || 'the marked cells'}.`;
  else if (page.hintStage === 2) text.textContent = `${step.name}: look at the highlighted cells.`;
  else text.textContent = `${step.name}: ${step.explanation}`;
}

// ---- intents from the board, the pad and the keyboard ----------------------------------------

function onBoardIntent(intent) {
  if (intent.type === 'select') {
    if (page.answer) draw();
    return;
  }
  if (page.modes.edit) {
    change(state.setClue(page.game, intent.cell, intent.type === 'digit' ? intent.digit : 0))
      .then(() => say(cluesSentence(page.answer)));
    return;
  }
  const info = page.answer && page.answer.cells[intent.cell];
  if (!info) return;
  if (intent.type === 'erase') {
    if (info.digit) play(['erase', intent.cell]);
    return;
  }
  if (intent.pencil || page.modes.pencil) {
    if (info.digit) return;
    const has = info.candidates.includes(intent.digit);
    play([has ? 'eliminate' : 'restore', intent.cell, intent.digit]);
    return;
  }
  play(['enter', intent.cell, intent.digit]);
}

// What the clues are now, said after every correction so the person sees its effect at once.
function cluesSentence(answer) {
  if (!answer) return '';
  const why = answer.problems.map((p) => p.message).join(' ');
  const clues = answer.cells.filter((c) => c.origin === 'clue').length;
  switch (answer.status) {
    case 'solved':
      return `${clues} clues: the puzzle has one solution.`;
    case 'invalid':
      return `${clues} clues, and they clash: ${why}`;
    case 'multiple':
      return `${clues} clues allow more than one solution: ${why}`;
    default:
      return `${clues} clues have no solution: ${why}`;
  }
}

function fillDigitControls(size) {
  const pad = $('digit-pad');
  pad.replaceChildren();
  for (let d = 1; d <= size; d += 1) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = state.digitChar(d);
    button.addEventListener('click', () => {
      onBoardIntent({ type: 'digit', cell: board.selected, digit: d, pencil: false });
      board.focus();
    });
    pad.append(button);
  }
  const erase = document.createElement('button');
  erase.type = 'button';
  erase.textContent = 'Erase';
  erase.className = 'erase';
  erase.addEventListener('click', () => {
    onBoardIntent({ type: 'erase', cell: board.selected });
    board.focus();
  });
  pad.append(erase);
  const select = $('highlight');
  select.replaceChildren(new Option('none', '0'));
  for (let d = 1; d <= size; d += 1) select.append(new Option(state.digitChar(d), String(d)));
  page.highlight = 0;
}

function toggleMode(id, key) {
  const button = $(id);
  button.addEventListener('click', () => {
    page.modes[key] = !page.modes[key];
    button.setAttribute('aria-pressed', String(page.modes[key]));
    if (key === 'edit') {
      say(page.modes.edit ? 'Edit clues: type the right digit over a misread clue, or clear it.'
        : 'Playing: your digits are kept apart from the clues.');
    }
    draw();
  });
}

function setEditMode(on) {
  page.modes.edit = on;
  $('edit-clues').setAttribute('aria-pressed', String(on));
}

async function askHint() {
  if (!page.hint || page.hintStage >= 3) {
    page.hint = await api.nextHint(state.gameRequest(page.game));
    page.hintStage = 1;
  } else {
    page.hintStage += 1;
  }
  draw();
}

// ---- photos, puzzles, links and files -----------------------------------------------------

function photoMessage(reading) {
  const problems = reading.message ? ` ${reading.message}` : '';
  const clues = reading.givens.replace(/\./g, '').length;
  const yours = reading.handwritten.replace(/\./g, '').length;
  const unsure = reading.uncertain.length
    ? ` ${reading.uncertain.length} cell(s) were hard to read and are marked uncertain.` : '';
  switch (reading.status) {
    case 'solved':
      return `Read: ${clues} clues${yours ? ` and ${yours} of your digits` : ''}; the puzzle has one solution.${unsure}`;
    case 'not-found':
      return 'No Sudoku grid was found in the photo.';
    case 'multiple':
      return `Read ${clues} clues, but they allow more than one solution: a clue was probably missed. Correct it below.${problems}${unsure}`;
    default:
      return `Read ${clues} clues, but they have no solution: a clue was probably misread. Correct it below.${problems}${unsure}`;
  }
}

async function onPhoto(file) {
  say('Reading the photo...');
  await serially(async () => {
    const reading = await api.readPhoto(file, Number($('photo-size').value));
    photo.show(file, reading.corners);
    $('photo-caption').textContent = photoMessage(reading);
    if (reading.status === 'not-found') {
      say(photoMessage(reading));
      return;
    }
    const game = state.newGame({ size: reading.size, clues: reading.givens,
      entries: reading.handwritten, uncertain: reading.uncertain, source: 'photo' });
    // A half-solved paper read right: its entries are checked at once.
    game.checked = reading.status === 'solved' && /[^.]/.test(reading.handwritten);
    setEditMode(reading.status !== 'solved');
    startGame(game, photoMessage(reading));
  });
}

async function openPuzzleText() {
  const text = $('puzzle-text').value;
  if (!text.trim()) {
    say('Type or paste a puzzle first.');
    return;
  }
  await serially(async () => {
    const parsed = await api.parsePuzzle(text);
    setEditMode(false);
    photo.hide();
    startGame(state.newGame({ size: parsed.size, clues: parsed.clues, entries: parsed.entries }),
      `Opened a ${parsed.size}x${parsed.size} puzzle (${parsed.format} form).`);
  });
}

async function generate() {
  say('Generating...');
  await serially(async () => {
    const made = await api.generatePuzzle({
      size: Number($('gen-size').value),
      difficulty: $('gen-difficulty').value,
      symmetry: $('gen-symmetry').value,
    });
    setEditMode(false);
    photo.hide();
    startGame(state.newGame({ size: made.size, clues: made.puzzle, source: 'generated' }),
      `A new ${made.size}x${made.size} puzzle: ${made.clues} clues, ${made.level || 'ungraded'}.`);
  });
}

async function showGrade() {
  const grade = $('grade');
  if (page.answer.status !== 'solved') {
    grade.textContent = 'Grade: none until the clues have one solution';
    return;
  }
  try {
    const graded = await api.gradePuzzle(page.game.clues);
    grade.textContent = `Grade: ${graded.level}, score ${graded.score}`;
  } catch (error) {
    grade.textContent = `Grade: ${error.message}`;
  }
}

function shareLink() {
  return `${location.origin}${location.pathname}#${state.encodeHash(page.game)}`;
}

async function copyLink() {
  const link = shareLink();
  $('link').value = link;
  $('link').select();
  try {
    await navigator.clipboard.writeText(link);
    say('The link is copied: it opens this puzzle with your moves.');
  } catch {
    say('The link is in the Link field: copy it from there.');
  }
}

function saveGame() {
  const blob = new Blob([JSON.stringify(page.game, null, 1)], { type: 'application/json' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'sudoku-game.json';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  say('Saved as sudoku-game.json.');
}

async function openSavedGame(input) {
  const file = input.files && input.files[0];
  input.value = '';
  if (!file) return;
  let game = null;
  try {
    game = state.normalise(JSON.parse(await file.text()));
  } catch {
    game = null;
  }
  if (!game) {
    say(`${file.name} is not a saved sudokucam game.`);
    return;
  }
  setEditMode(false);
  startGame(game, `Opened ${file.name}.`);
}

function loadFromLocation() {
  return state.decodeHash(location.hash);
}

// ---- start ---------------------------------------------------------------------------------

function onPageKey(event) {
  const key = event.key.toLowerCase();
  if (!(event.ctrlKey || event.metaKey) || event.target.matches('input, textarea, select')) return;
  if (key === 'z' && !event.shiftKey) {
    event.preventDefault();
    change(state.undo(page.game));
  } else if (key === 'y' || (key === 'z' && event.shiftKey)) {
    event.preventDefault();
    change(state.redo(page.game));
  }
}

function wire() {
  board = new BoardView($('board'), onBoardIntent);
  photo = new PhotoPanel({ input: $('photo'), dropZone: $('photo-panel'), figure: $('photo-figure'),
    image: $('photo-image'), outline: $('photo-outline') }, onPhoto);
  new CameraPanel({ button: $('camera-button'), view: $('camera-view'), video: $('camera-video'),
    overlay: $('camera-overlay'), status: $('camera-status'), freeze: $('camera-freeze'),
    close: $('camera-close'), fallback: $('photo') }, (reading) => {
    setEditMode(false);
    startGame(state.newGame({ size: reading.size, clues: reading.givens,
      entries: reading.handwritten, uncertain: reading.uncertain, source: 'camera' }),
    'The board from the camera is open: play on.');
  });
  toggleMode('pencil', 'pencil');
  toggleMode('candidates', 'candidates');
  toggleMode('edit-clues', 'edit');
  $('highlight').addEventListener('change', () => {
    page.highlight = Number($('highlight').value);
    draw();
  });
  $('undo').addEventListener('click', () => change(state.undo(page.game)));
  $('redo').addEventListener('click', () => change(state.redo(page.game)));
  $('hint').addEventListener('click', () => serially(askHint));
  $('apply-step').addEventListener('click', () => play(['step']));
  $('fill-singles').addEventListener('click', () => play(['singles']));
  $('check').addEventListener('click', () => {
    page.game = { ...page.game, checked: true };
    if (page.answer && page.answer.status !== 'solved') say('The clues have no single solution yet: correct them first.');
    keep();
    draw();
  });
  $('reveal').addEventListener('click', () => play(['reveal', board.selected]));
  $('solve').addEventListener('click', () => play(['solve']));
  $('restart').addEventListener('click', () => {
    change(state.restart(page.game));
    say('Back to the start; Redo brings your moves back until you make a new one.');
  });
  $('open-puzzle').addEventListener('click', openPuzzleText);
  $('generate').addEventListener('click', generate);
  $('copy-link').addEventListener('click', copyLink);
  $('save-game').addEventListener('click', saveGame);
  $('open-game').addEventListener('change', () => openSavedGame($('open-game')));
  $('print').addEventListener('click', () => window.print());
  document.addEventListener('keydown', onPageKey);
  window.addEventListener('hashchange', () => {
    const game = loadFromLocation();
    if (game && state.encodeHash(game) !== state.encodeHash(page.game)) startGame(game, 'Opened the game of the link.');
  });
}

wire();
const initial = loadFromLocation() || state.loadFromStorage()
  || state.newGame({ size: 9, clues: WELCOME });
startGame(initial);
