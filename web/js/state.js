// The game as a plain object (what localStorage and the URL hold) and pure functions on it. The
// server keeps no state: every answer comes from sending it this object (web/API.md).

// Box height x width of each size the page plays.
const BOX_SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
export const SIZES = Object.keys(BOX_SHAPES).map(Number);

export function boxShape(size) {
  return BOX_SHAPES[size] || [3, 3];
}

// 1-9, then A, B, C ... as the command line writes them.
export function digitChar(digit) {
  return digit <= 9 ? String(digit) : String.fromCharCode(55 + digit);
}

// The digit a key stands for in a grid of `size`, or 0.
export function digitFromChar(char, size) {
  if (!char || char.length !== 1) return 0;
  const c = char.toUpperCase();
  let digit = 0;
  if (c >= '1' && c <= '9') digit = Number(c);
  else if (c >= 'A' && c <= 'Z') digit = c.charCodeAt(0) - 55;
  return digit >= 1 && digit <= size ? digit : 0;
}

export function cellName(size, cell) {
  return `r${Math.floor(cell / size) + 1}c${(cell % size) + 1}`;
}

export function emptyLine(size) {
  return '.'.repeat(size * size);
}

// A new game: clues (and the person's starting digits) as one-line strings.
export function newGame({ size, clues, entries = '', uncertain = [], source = 'typed' }) {
  return {
    size,
    clues,
    entries: entries || emptyLine(size),
    moves: [],
    position: 0,
    uncertain,
    source,
    checked: false,
  };
}

// What the API takes: the page-only fields (uncertain cells, checked) stay here.
export function gameRequest(game) {
  return {
    size: game.size,
    clues: game.clues,
    entries: game.entries,
    moves: game.moves,
    position: game.position,
  };
}

// A new move drops the undone ones, as every editor does.
export function addMove(game, move) {
  return { ...game, moves: [...game.moves.slice(0, game.position), move],
    position: game.position + 1 };
}

export function dropLastMove(game) {
  return { ...game, moves: game.moves.slice(0, -1), position: Math.min(game.position,
    game.moves.length - 1) };
}

export function undo(game) {
  return game.position > 0 ? { ...game, position: game.position - 1 } : game;
}

export function redo(game) {
  return game.position < game.moves.length ? { ...game, position: game.position + 1 } : game;
}

// Back to the clues; the moves stay redoable until a new move drops them, so a restart can be
// taken back.
export function restart(game) {
  return { ...game, position: 0 };
}

function replaceAt(line, cell, char) {
  return line.slice(0, cell) + char + line.slice(cell + 1);
}

// Correcting a misread: the clue of a cell becomes `digit` (0 clears it). A person's digit
// there goes, and the cell is no longer marked uncertain.
export function setClue(game, cell, digit) {
  return {
    ...game,
    clues: replaceAt(game.clues, cell, digit ? digitChar(digit) : '.'),
    entries: replaceAt(game.entries, cell, '.'),
    uncertain: game.uncertain.filter((c) => c !== cell),
  };
}

// The person changed a cell the reader was unsure of: it is theirs now, no longer uncertain.
export function forgetUncertain(game, cell) {
  return game.uncertain.includes(cell)
    ? { ...game, uncertain: game.uncertain.filter((c) => c !== cell) } : game;
}

// The cells whose pencil marks the person changed by hand (their names list the candidates).
export function markedCells(game) {
  const cells = new Set();
  for (const move of game.moves.slice(0, game.position)) {
    if (move[0] === 'eliminate' || move[0] === 'restore') cells.add(move[1]);
  }
  return cells;
}

// ---- storage and links --------------------------------------------------------------------

const STORAGE_KEY = 'sudokucam.game';

function isGame(value) {
  return value && SIZES.includes(value.size) && typeof value.clues === 'string'
    && value.clues.length === value.size * value.size && Array.isArray(value.moves);
}

// Fills the fields an older or hand-made object may lack; null when it is no game.
export function normalise(value) {
  if (!isGame(value)) return null;
  const game = { ...newGame(value), ...value };
  game.entries = typeof game.entries === 'string' && game.entries.length === game.clues.length
    ? game.entries : emptyLine(game.size);
  game.position = Number.isInteger(game.position)
    ? Math.max(0, Math.min(game.position, game.moves.length)) : game.moves.length;
  game.uncertain = Array.isArray(game.uncertain) ? game.uncertain : [];
  return game;
}

export function saveToStorage(game) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(game));
  } catch {
    // Private browsing or a full storage: the URL still holds the game.
  }
}

export function loadFromStorage() {
  try {
    return normalise(JSON.parse(localStorage.getItem(STORAGE_KEY)));
  } catch {
    return null;
  }
}

function toBase64Url(text) {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

// "#g=..." : the puzzle, the person's digits, the moves and the position.
export function encodeHash(game) {
  const { size, clues, entries, moves, position, uncertain } = game;
  return `g=${toBase64Url(JSON.stringify({ size, clues, entries, moves, position, uncertain }))}`;
}

export function decodeHash(hash) {
  const match = /(?:^#?|&)g=([A-Za-z0-9_-]+)/.exec(hash || '');
  if (!match) return null;
  try {
    return normalise(JSON.parse(fromBase64Url(match[1])));
  } catch {
    return null;
  }
}
