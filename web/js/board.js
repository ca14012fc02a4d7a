// Draws the board as a WAI-ARIA grid (role grid > row > gridcell, one cell in the tab order at
// a time) from the server's /api/game answer and the page's view of it, and turns the keys
// pressed in it into intents for main.js. It changes no game state itself.

import {
  candidateColumns, cellName, diagonalOf, digitChar, digitFromChar, regionLetter,
} from './state.js';

const ORIGIN_WORD = { clue: 'clue', yours: 'yours', filled: 'filled' };

// What a sighted person sees in a cell, in words: "r3c4: 7, yours, wrong"; where a variant's
// lines put it first ("r3c4: region C, 7, clue", "r5c5: on both diagonals, empty").
function cellLabel(size, cell, info, flags, showCandidates, where) {
  const parts = where ? [where] : [];
  if (info.digit) {
    parts.push(`${digitChar(info.digit)}, ${ORIGIN_WORD[info.origin] || info.origin}`);
  } else if (showCandidates && info.candidates) {
    parts.push(info.candidates.length
      ? `empty, candidates ${info.candidates.map(digitChar).join(' ')}` : 'empty, no candidates');
  } else {
    parts.push('empty');
  }
  for (const flag of ['wrong', 'uncertain', 'conflict', 'hint']) {
    if (flags[flag]) parts.push(flag);
  }
  return `${cellName(size, cell)}: ${parts.join(', ')}`;
}

function candidatesElement(size, info, hintMarks) {
  const box = document.createElement('span');
  box.className = 'candidates';
  box.style.setProperty('--cand-cols', String(candidateColumns(size)));
  box.setAttribute('aria-hidden', 'true');
  for (let d = 1; d <= size; d += 1) {
    const mark = document.createElement('span');
    mark.textContent = info.candidates.includes(d) ? digitChar(d) : '';
    const kind = hintMarks && hintMarks.get(d);
    if (kind && info.candidates.includes(d)) mark.className = `mark-${kind}`;
    // A space between marks: the cell's text then reads "1 2 5", as its label says (speech
    // input names a control by its visible text). The grid's layout ignores the spaces.
    box.append(mark, ' ');
  }
  return box;
}

export class BoardView {
  // `onIntent({type, ...})`: 'digit' {cell, digit, pencil}, 'erase' {cell}, 'select' {cell}.
  constructor(element, onIntent) {
    this.element = element;
    this.onIntent = onIntent;
    this.size = 0;
    this.shape = null;
    this.cells = [];
    this.selected = 0;
    element.addEventListener('keydown', (event) => this.onKey(event));
    element.addEventListener('click', (event) => {
      const cellElement = event.target.closest('[role="gridcell"]');
      if (cellElement) this.select(Number(cellElement.dataset.cell), true);
    });
  }

  // `shape`: {size, regions (the region of each cell), jigsaw, diagonals}. Thick lines run
  // wherever two neighbouring cells lie in different regions: the boxes, or a jigsaw's regions.
  build(shape) {
    const { size, regions } = shape;
    this.shape = shape;
    this.size = size;
    this.cells = [];
    this.where = [];
    this.element.replaceChildren();
    this.element.style.setProperty('--n', String(size));
    this.element.classList.toggle('jigsaw', shape.jigsaw);
    for (let r = 0; r < size; r += 1) {
      const row = document.createElement('div');
      row.setAttribute('role', 'row');
      row.className = 'row';
      for (let c = 0; c < size; c += 1) {
        const index = r * size + c;
        const cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.dataset.cell = String(index);
        cell.className = 'cell';
        if (c + 1 < size && regions[index] !== regions[index + 1]) cell.classList.add('box-right');
        if (r + 1 < size && regions[index] !== regions[index + size]) cell.classList.add('box-bottom');
        const diagonal = shape.diagonals ? diagonalOf(size, index) : '';
        if (diagonal) cell.classList.add('diagonal');
        const region = shape.jigsaw ? `region ${regionLetter(regions[index])}` : '';
        this.where.push([region, diagonal].filter(Boolean).join(', '));
        cell.tabIndex = -1;
        row.append(cell);
        this.cells.push(cell);
      }
      this.element.append(row);
    }
    this.selected = Math.min(this.selected, size * size - 1);
  }

  // view: {shape (see build; `key` tells shapes apart), showCandidates, marked (Set), wrong,
  // uncertain, conflict, hint (Sets), hintMarks (Map cell -> Map digit -> 'place'|'remove'|
  // 'proof'), highlight (digit or 0)}.
  render(answer, view) {
    if (!this.shape || view.shape.key !== this.shape.key) this.build(view.shape);
    const selectedDigit = answer.cells[this.selected] ? answer.cells[this.selected].digit : 0;
    const highlight = view.highlight || selectedDigit;
    answer.cells.forEach((info, cell) => {
      const element = this.cells[cell];
      const flags = {
        wrong: view.wrong.has(cell),
        uncertain: view.uncertain.has(cell),
        conflict: view.conflict.has(cell),
        hint: view.hint.has(cell),
      };
      const showCandidates = view.showCandidates || view.marked.has(cell);
      element.setAttribute('aria-label',
        cellLabel(this.size, cell, info, flags, showCandidates, this.where[cell]));
      element.className = element.className.split(' ')
        .filter((c) => c === 'cell' || c === 'diagonal' || c.startsWith('box-')).join(' ');
      element.classList.add(`origin-${info.origin}`);
      for (const [flag, on] of Object.entries(flags)) element.classList.toggle(flag, on);
      element.classList.toggle('same-digit', Boolean(highlight) && info.digit === highlight);
      element.classList.toggle('selected', cell === this.selected);
      element.setAttribute('aria-selected', cell === this.selected ? 'true' : 'false');
      element.tabIndex = cell === this.selected ? 0 : -1;
      element.replaceChildren();
      if (info.digit) {
        const digit = document.createElement('span');
        digit.className = 'digit';
        digit.setAttribute('aria-hidden', 'true');
        digit.textContent = digitChar(info.digit);
        element.append(digit);
      } else if (showCandidates && info.candidates) {
        element.append(candidatesElement(this.size, info, view.hintMarks.get(cell)));
      }
    });
  }

  select(cell, focus) {
    if (cell < 0 || cell >= this.size * this.size) return;
    this.selected = cell;
    this.cells.forEach((element, i) => {
      element.tabIndex = i === cell ? 0 : -1;
    });
    if (focus) this.cells[cell].focus();
    this.onIntent({ type: 'select', cell });
  }

  focus() {
    if (this.cells[this.selected]) this.cells[this.selected].focus();
  }

  onKey(event) {
    const n = this.size;
    // Ctrl+Home / Ctrl+End: the first and last cell, as the WAI-ARIA grid pattern has them.
    if (event.ctrlKey && (event.key === 'Home' || event.key === 'End')) {
      event.preventDefault();
      this.select(event.key === 'Home' ? 0 : n * n - 1, true);
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;  // undo/redo are page-wide
    const row = Math.floor(this.selected / n);
    const col = this.selected % n;
    const moves = {
      ArrowUp: [Math.max(0, row - 1), col],
      ArrowDown: [Math.min(n - 1, row + 1), col],
      ArrowLeft: [row, Math.max(0, col - 1)],
      ArrowRight: [row, Math.min(n - 1, col + 1)],
      Home: [row, 0],
      End: [row, n - 1],
    };
    if (moves[event.key]) {
      event.preventDefault();
      const [r, c] = moves[event.key];
      this.select(r * n + c, true);
      return;
    }
    if (event.key === 'Backspace' || event.key === 'Delete' || event.key === '0') {
      event.preventDefault();
      this.onIntent({ type: 'erase', cell: this.selected });
      return;
    }
    // With Shift a digit key gives '!' or '"': the key's code still names the digit.
    const fromCode = /^(?:Digit|Numpad)([1-9])$/.exec(event.code || '');
    const digit = digitFromChar(event.key, n) || (fromCode ? Number(fromCode[1]) : 0);
    if (digit && digit <= n) {
      event.preventDefault();
      this.onIntent({ type: 'digit', cell: this.selected, digit, pencil: event.shiftKey });
    }
  }
}
