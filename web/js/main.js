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
  wasSolved: null,   // null: a game just opened, whose own message (e.g. the photo's) stays
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

// Why the server refused the last move, from the board as it was before it (page.answer).
function refusalSentence(move) {
  const [kind, cell, digit] = move;
  const where = cell !== undefined ? state.cellName(page.game.size, cell) : '';
  const info = page.answer && cell !== undefined ? page.answer.cells[cell] : null;
  const unique = page.answer && page.answer.status === 'solved';
  if ((kind === 'enter' || kind === 'reveal') && info && info.origin === 'clue') {
    return `${where} holds a clue; use Edit clues to correct a misread.`;
  }
  const unit = () => (page.answer && state.unitHolding(page.game,
    page.answer.cells.map((c) => c.digit), cell, digit)) || 'its row, column or box';
  if (kind === 'enter' && info && info.digit === digit) {
    return `${where} already holds ${state.digitChar(digit)}.`;
  }
  if (kind === 'enter') {
    return `${state.digitChar(digit)} cannot go in ${where}: ${unit()} already has it.`;
  }
  if (kind === 'restore') {
    return `${state.digitChar(digit)} cannot be a pencil mark in ${where}: ${unit()} has it.`;
  }
  if ((kind === 'reveal' || kind === 'solve') && !unique) {
    return 'The clues have no single solution to show: correct them first (Edit clues).';
  }
  if (kind === 'reveal') return `${where} already holds the right digit.`;
  if (kind === 'solve') return 'Nothing left to solve.';
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
  page.wasSolved = null;
  board.selected = 0;
  if (message) say(message);
  fillDigitControls(game.size);
  describeVariant(game);
  return serially(async () => {
    await refresh();
    page.wasSolved = page.answer.solved;
    showGrade();
  });
}

function play(move) {
  page.game = state.addMove(page.game, move);
  // A digit typed or erased by the person replaces the hand-writing the reader was unsure of
  // (an unsure clue stays marked: only Edit clues changes a clue).
  const cell = move[1];
  const info = page.answer && page.answer.cells[cell];
  if ((move[0] === 'enter' || move[0] === 'erase') && info && info.origin !== 'clue') {
    page.game = state.forgetUncertain(page.game, cell);
  }
  page.hint = null;
  page.hintStage = 0;
  say('');  // the last message (a refusal, a hint) is about the board before this move
  return serially(() => refresh({ lastMoveIsNew: true }));
}

const emptyCells = () => (page.answer ? page.answer.cells.filter((c) => !c.digit).length : 0);

// A program's move (a step, the singles), then what it did in the status, unless refused (the
// refusal is said instead). `sentence(count)` gets the number of cells it filled.
function playAndTell(move, sentence) {
  const before = emptyCells();
  const position = page.game.position;
  return play(move).then(() => {
    if (page.game.position > position && !page.answer.solved) say(sentence(before - emptyCells()));
  });
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

// The cell a `wrong` hint names (its first cell; the others are the rest of the wrong digits
// and what they block), so the hint gives away one mistake, not all of them.
function wrongOfHint() {
  if (!page.hint || page.hint.hint !== 'wrong' || !page.answer) return new Set();
  const named = cellsOf(page.hint.cells);
  const first = [...named][0];
  const wrong = page.answer.wrong.filter((c) => named.has(c));
  return new Set(wrong.includes(first) ? [first] : wrong);
}

function hintView() {
  const cells = new Set();
  const marks = new Map();
  const step = page.hint && page.hint.step;
  const mark = (cell, digit, kind) => {
    if (!marks.has(cell)) marks.set(cell, new Map());
    marks.get(cell).set(digit, kind);
  };
  if (page.hint && page.hint.hint === 'wrong') wrongOfHint().forEach((c) => cells.add(c));
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
  // Duplicates now, and the cells each problem of the clues names (a clash, or where two
  // solutions differ), so a misread shows where to look.
  const conflict = new Set();
  for (const w of answer.warnings) if (w.kind === 'duplicate') cellsOf(w.cells).forEach((c) => conflict.add(c));
  for (const p of answer.problems) cellsOf(p.cells).forEach((c) => conflict.add(c));
  // After Check every wrong digit shows; a `wrong` hint shows only the cell it names.
  const wrong = page.game.checked ? new Set(checkedWrong(answer)) : wrongOfHint();
  board.render(answer, {
    shape: state.boardShape(page.game),
    showCandidates: page.modes.candidates || (page.hintStage >= 3 && hint.marks.size > 0),
    marked: state.markedCells(page.game),
    wrong,
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
  if (answer.solved && page.wasSolved === false) say('Solved! Every cell is filled and right.');
  page.wasSolved = answer.solved;
}

// The wrong digits Check shows: an entry the photo's reader could not make out (marked
// uncertain until the person types over it) is never called wrong, it may be misread.
function checkedWrong(answer) {
  const doubted = new Set(page.game.uncertain);
  return answer.wrong.filter((c) => !doubted.has(c));
}

function checkSentence(answer) {
  if (!answer) return '';
  if (answer.status !== 'solved') return 'The clues have no single solution yet: correct them first.';
  const wrong = checkedWrong(answer);
  const unclear = answer.wrong.length - wrong.length;
  const doubt = unclear
    ? ` ${unclear} digit${unclear === 1 ? ' was' : 's were'} too unclear in the photo to check: see the cells marked uncertain.`
    : '';
  if (!wrong.length) return unclear ? doubt.trim() : 'Every digit so far is right.';
  const cells = wrong.map((c) => state.cellName(page.game.size, c)).join(' ');
  return `${wrong.length} of the digits ${wrong.length === 1 ? 'is' : 'are'} wrong, `
    + `marked in red and crossed out: ${cells}.${doubt}`;
}

function drawWarnings(answer) {
  const list = $('warnings');
  list.replaceChildren();
  const sentences = [...answer.problems, ...answer.warnings].map((p) => p.message);
  if (page.game.checked && answer.status === 'solved' && answer.wrong.length) {
    sentences.push(checkSentence(answer));
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
      .then(() => {
        say(cluesSentence(page.answer));
        showGrade();  // corrected clues are a new puzzle
      });
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

// The reader's messages are clauses ("the digits read break the rules ..."): on the page they
// follow other sentences, so each becomes one.
function asSentence(clause) {
  const text = clause.trim();
  return text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.');
}

function photoMessage(reading) {
  const problems = reading.message ? ` ${asSentence(reading.message)}` : '';
  const cut = (reading.cut_off || []).length && reading.message
    ? ` ${asSentence(reading.message)}` : '';
  const clues = reading.givens.replace(/\./g, '').length;
  const yours = reading.handwritten.replace(/\./g, '').length;
  const doubted = doubtedCells(reading).length;
  const unsure = doubted === 1 ? ' 1 cell was hard to read and is marked uncertain.'
    : doubted ? ` ${doubted} cells were hard to read and are marked uncertain.` : '';
  switch (reading.status) {
    case 'solved':
      return `Read: ${clues} clues${yours ? ` and ${yours} of your digits` : ''}; the puzzle has one solution.${cut}${unsure}`;
    case 'not-found':
      return 'No Sudoku grid was found in the photo.';
    case 'no-solution':
      if (reading.region_problem) return `The jigsaw's regions could not be read: ${reading.region_problem}. Try a sharper photo, straight on.`;
      return `Read ${clues} clues, but they have no solution: a clue was probably misread. Correct it below.${problems}${unsure}`;
    case 'multiple':
      return `Read ${clues} clues, but they do not give one sure solution: a clue was probably missed or misread. Correct it below.${problems}${unsure}`;
    case 'uncertain':
      // The reader says why: the grid's lines not fitted surely, or hand-writing that may be
      // printed digits misread.
      return `Read ${clues} clues, but not surely enough to solve them: ${reading.message}. Check them below.${unsure}`;
    default:
      return `Read ${clues} clues, but they have no solution: a clue was probably misread. Correct it below.${problems}${unsure}`;
  }
}

// Cells the reader doubted: read with low confidence, entries it could not judge, and cells
// the photo's edge cut off (not read at all: a clue may hide there).
function doubtedCells(reading) {
  const doubted = [...reading.uncertain, ...(reading.unsure || []), ...(reading.cut_off || [])];
  return [...new Set(doubted)].sort((a, b) => a - b);
}

async function onPhoto(file) {
  say('Reading the photo...');
  await serially(async () => {
    const reading = await api.readPhoto(file, Number($('photo-size').value),
      $('photo-variant').value);
    photo.show(file, reading.corners);
    $('photo-caption').textContent = photoMessage(reading);
    // A jigsaw whose regions could not be read cannot be played: its units are unknown.
    if (reading.status === 'not-found' || (reading.variant === 'jigsaw' && !reading.regions)) {
      say(photoMessage(reading));
      return;
    }
    const game = state.newGame({ size: reading.size, clues: reading.givens,
      entries: reading.handwritten, uncertain: doubtedCells(reading), source: 'photo',
      ...state.readingKind(reading) });
    // A half-solved paper read right: its entries are checked at once.
    game.checked = reading.status === 'solved' && /[^.]/.test(reading.handwritten);
    setEditMode(reading.status !== 'solved');
    startGame(game, photoMessage(reading));
  });
}

// ---- variants: classic, jigsaw (irregular regions), X (diagonals) -------------------------

const VARIANT_WORDS = { classic: 'puzzle', jigsaw: 'jigsaw', x: 'X Sudoku' };

// The variant fields the choice adds to a typed or generated puzzle. "classic" adds none, so a
// text that carries its own region map or the word "diagonals" is read as it says.
function chosenVariant() {
  const variant = $('variant').value;
  const regions = $('region-map').value.replace(/\s+/g, '');
  if (variant === 'jigsaw') return regions ? { variant, regions } : { variant };
  return variant === 'x' ? { variant } : {};
}

// The sizes Generate offers: any from 4 to 16 for a jigsaw, those with boxes otherwise.
function fillSizes() {
  const select = $('gen-size');
  const sizes = $('variant').value === 'jigsaw' ? state.JIGSAW_SIZES : state.SIZES;
  const kept = sizes.includes(Number(select.value)) ? select.value : '9';
  select.replaceChildren(...sizes.map((n) => new Option(String(n), String(n))));
  select.value = kept;
}

function onVariantChosen() {
  $('region-map-field').hidden = $('variant').value !== 'jigsaw';
  fillSizes();
}

// The sentence under the board: the rules a variant adds, and how they are drawn.
function describeVariant(game) {
  const note = $('variant-note');
  const count = game.size;
  note.textContent = {
    jigsaw: `Jigsaw: the ${count} regions outlined in thick lines each hold every digit once, as `
      + 'rows and columns do.',
    x: 'X Sudoku: the two shaded diagonals hold every digit once too.',
  }[game.variant] || '';
  note.hidden = !note.textContent;
}

function variantOfAnswer(answer) {
  return { variant: answer.variant || 'classic', regions: answer.regions || '' };
}

async function openPuzzleText() {
  const text = $('puzzle-text').value;
  if (!text.trim()) {
    say('Type or paste a puzzle first.');
    return;
  }
  await serially(async () => {
    const parsed = await api.parsePuzzle(text, chosenVariant());
    setEditMode(false);
    photo.hide();
    const game = state.newGame({ size: parsed.size, clues: parsed.clues, entries: parsed.entries,
      ...variantOfAnswer(parsed) });
    startGame(game, `Opened a ${parsed.size}x${parsed.size} ${VARIANT_WORDS[game.variant]} `
      + `(${parsed.format} form).`);
  });
}

async function generate() {
  say('Generating...');
  await serially(async () => {
    const made = await api.generatePuzzle({
      size: Number($('gen-size').value),
      difficulty: $('gen-difficulty').value,
      symmetry: $('gen-symmetry').value,
      ...chosenVariant(),
    });
    setEditMode(false);
    photo.hide();
    const game = state.newGame({ size: made.size, clues: made.puzzle, source: 'generated',
      ...variantOfAnswer(made) });
    startGame(game, `A new ${made.size}x${made.size} ${VARIANT_WORDS[game.variant]}: `
      + `${made.clues} clues, ${made.level || 'ungraded'}.`);
  });
}

// The grade of the clues, asked once per puzzle (the last one is remembered, so clue edits
// that come back to it, or a reload, ask nothing).
const grades = { puzzle: '', text: '' };

async function showGrade() {
  const grade = $('grade');
  const { game } = page;
  // The same clues on other regions or with the diagonals are another puzzle.
  const puzzleOf = (g) => `${g.clues} ${state.boardShape(g).key}`;
  const puzzle = puzzleOf(game);
  if (!page.answer || page.answer.status !== 'solved') {
    grade.textContent = 'Grade: none until the clues have one solution';
    return;
  }
  if (grades.puzzle !== puzzle) {
    try {
      const graded = await api.gradePuzzle(game.clues, state.variantRequest(game));
      grades.text = `Grade: ${graded.level}, score ${graded.score}`;
    } catch (error) {
      grades.text = `Grade: ${error.message}`;
    }
    grades.puzzle = puzzle;
  }
  if (puzzleOf(page.game) === puzzle) grade.textContent = grades.text;
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
    show: $('camera-show'), size: $('photo-size'), kind: $('photo-variant'),
    close: $('camera-close'), fallback: $('photo') }, (reading) => {
    setEditMode(false);
    startGame(state.newGame({ size: reading.size, clues: reading.givens,
      entries: reading.handwritten, uncertain: doubtedCells(reading), source: 'camera',
      ...state.readingKind(reading) }),
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
  $('apply-step').addEventListener('click', () => {
    const said = page.hint && page.hint.step ? page.hint.step.explanation : '';
    playAndTell(['step'], () => `Applied: ${said}`);
  });
  $('fill-singles').addEventListener('click', () => playAndTell(['singles'],
    (count) => `Filled ${count} single${count === 1 ? '' : 's'}.`));
  $('check').addEventListener('click', () => {
    page.game = { ...page.game, checked: true };
    keep();
    draw();
    say(checkSentence(page.answer));
  });
  $('reveal').addEventListener('click', () => play(['reveal', board.selected]));
  $('solve').addEventListener('click', () => play(['solve']));
  $('restart').addEventListener('click', () => {
    change(state.restart(page.game));
    say('Back to the start; Redo brings your moves back until you make a new one.');
  });
  $('variant').addEventListener('change', onVariantChosen);
  onVariantChosen();
  $('open-puzzle').addEventListener('click', openPuzzleText);
  $('generate').addEventListener('click', generate);
  $('copy-link').addEventListener('click', copyLink);
  $('save-game').addEventListener('click', saveGame);
  $('open-game').addEventListener('change', () => openSavedGame($('open-game')));
  $('print').addEventListener('click', () => window.print());
  // The skip link goes straight to the board's current cell; following its href would put
  // "#board-heading" in place of the game in the URL.
  $('skip-link').addEventListener('click', (event) => {
    event.preventDefault();
    board.focus();
  });
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
