// The game as a plain object (what localStorage and the URL hold) and pure functions on it. The
// server keeps no state: every answer comes from sending it this object (web/API.md).

// Box height x width of each size the page plays with boxes (classic and X).
const BOX_SHAPES = { 4: [2, 2], 6: [2, 3], 8: [2, 4], 9: [3, 3], 12: [3, 4], 16: [4, 4] };
export const SIZES = Object.keys(BOX_SHAPES).map(Number);
// A jigsaw's regions need no rectangle: any size from 4 to 16.
export const JIGSAW_SIZES = Array.from({ length: 13 }, (_, i) => i + 4);
export const VARIANTS = ['classic', 'jigsaw', 'x'];

export function boxShape(size) {
  return BOX_SHAPES[size] || [3, 3];
}

// How many pencil marks a row of a cell holds: the box's longer side, or the squarest fit.
export function candidateColumns(size) {
  return BOX_SHAPES[size] ? Math.max(...BOX_SHAPES[size]) : Math.ceil(Math.sqrt(size));
}

// The region of every cell (0 = A), row-major: a jigsaw's map, or the boxes.
export function regionsOf(game) {
  const { size } = game;
  if (game.regions) return [...game.regions].map((c) => c.toUpperCase().charCodeAt(0) - 65);
  const [boxRows, boxCols] = boxShape(size);
  return Array.from({ length: size * size }, (_, cell) => {
    const row = Math.floor(cell / size);
    const col = cell % size;
    return Math.floor(row / boxRows) * (size / boxCols) + Math.floor(col / boxCols);
  });
}

// The diagonals a cell is on, in words, or '' (an X Sudoku's extra units).
export function diagonalOf(size, cell) {
  const row = Math.floor(cell / size);
  const col = cell % size;
  const main = row === col;
  const anti = row + col === size - 1;
  if (main && anti) return 'on both diagonals';
  if (main) return 'on the main diagonal';
  return anti ? 'on the anti-diagonal' : '';
}

export function regionLetter(region) {
  return String.fromCharCode(65 + region);
}

// What the board needs to draw a game's lines (BoardView.build); `key` changes with the shape.
export function boardShape(game) {
  const variant = game.variant || 'classic';
  return {
    key: `${game.size} ${variant} ${game.regions || ''}`,
    size: game.size,
    regions: regionsOf(game),
    jigsaw: Boolean(game.regions),
    diagonals: variant === 'x',
  };
}

// The unit of `cell` that already holds `digit` on the board `digits` (one a cell, 0 empty), in
// words ("row 3", "box 4", "region C", "the main diagonal"), or '' when none does.
export function unitHolding(game, digits, cell, digit) {
  const { size } = game;
  const shape = boardShape(game);
  const row = Math.floor(cell / size);
  const col = cell % size;
  const units = [
    [`row ${row + 1}`, (c) => Math.floor(c / size) === row],
    [`column ${col + 1}`, (c) => c % size === col],
    [shape.jigsaw ? `region ${regionLetter(shape.regions[cell])}` : `box ${shape.regions[cell] + 1}`,
      (c) => shape.regions[c] === shape.regions[cell]],
  ];
  if (shape.diagonals && row === col) {
    units.push(['the main diagonal', (c) => Math.floor(c / size) === c % size]);
  }
  if (shape.diagonals && row + col === size - 1) {
    units.push(['the anti-diagonal', (c) => Math.floor(c / size) + (c % size) === size - 1]);
  }
  const found = units.find(([, inUnit]) =>
    digits.some((d, c) => c !== cell && d === digit && inUnit(c)));
  return found ? found[0] : '';
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

// A new game: clues (and the person's starting digits) as one-line strings; a jigsaw's regions
// as its map (a letter a cell, row-major), '' for the boxes.
export function newGame({ size, clues, entries = '', uncertain = [], source = 'typed',
  variant = 'classic', regions = '' }) {
  return {
    size,
    variant,
    regions,
    clues,
    entries: entries || emptyLine(size),
    moves: [],
    position: 0,
    uncertain,
    source,
    checked: false,
  };
}

// A reading's kind as a game holds it: a jigsaw's regions as read, '' for the boxes (a reading
// carries its region map whatever the kind, the boxes' too).
export function readingKind(reading) {
  const variant = reading.variant || 'classic';
  return { variant, regions: variant === 'jigsaw' ? reading.regions || '' : '' };
}

// The variant fields of a request: none for a classic game, so its requests stay as they were.
export function variantRequest(game) {
  if (!game.variant || game.variant === 'classic') return {};
  return game.regions ? { variant: game.variant, regions: game.regions } : { variant: game.variant };
}

// What the API takes: the page-only fields (uncertain cells, checked) stay here.
export function gameRequest(game) {
  return {
    size: game.size,
    ...variantRequest(game),
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

// A jigsaw's map is checked by the server; here only its letters' count and kind.
function hasValidShape(value) {
  const variant = value.variant || 'classic';
  if (!VARIANTS.includes(variant)) return false;
  if (variant === 'jigsaw' || value.regions) {
    return JIGSAW_SIZES.includes(value.size) && variant !== 'classic'
      && typeof value.regions === 'string' && /^[A-Za-z]*$/.test(value.regions)
      && value.regions.length === value.size * value.size;
  }
  return SIZES.includes(value.size);
}

function isGame(value) {
  return value && hasValidShape(value) && typeof value.clues === 'string'
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
  game.variant = game.variant || 'classic';
  game.regions = game.regions || '';
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

// "#g=..." : the puzzle (its variant and regions too), the person's digits, the moves and the
// position.
export function encodeHash(game) {
  const { size, clues, entries, moves, position, uncertain } = game;
  return `g=${toBase64Url(JSON.stringify({ size, ...variantRequest(game), clues, entries, moves,
    position, uncertain }))}`;
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
