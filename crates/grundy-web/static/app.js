// grundy's page: set up a game, play it against the computer through /api/move, and show the
// analysis of each position (/api/analyze) and the Grundy sequence of heap rulesets (/api/sg).
// Plain JavaScript, no build step; the server compiles this file into the binary.
'use strict';

const $ = (id) => document.getElementById(id);

/**
 * The largest heap drawn as objects to click; a larger one is drawn as a bar with its exact
 * size and played with the typed form (a heap may hold up to 2^64 - 1).
 */
const MAX_DRAWN = 40n;

const state = {
  /** Counts the games started, so that the replies of a game before are left alone. */
  gameNo: 0,
  game: 'nim',
  tokens: [],
  misere: false,
  /** Every-SG: each turn one move in every game of the sum that is not over. */
  every: false,
  level: 'perfect',
  human: 'first',
  toMove: 'first',
  over: false,
  busy: false,
  winner: null,
  /** Why the game is drawn, once it is (a position repeated three times on a graph). */
  drawn: null,
  history: [],
  /** The edges of the graph, for the game `graph` (sent with every request). */
  graph: null,
  /** Every position of the game so far with its player to move, the current one last: the
   * server counts repetitions in it (a drawn game on a graph ends the third time). */
  seen: [],
  /** Whether the server has read the game and position: the board is drawn only then. */
  started: false,
  /** The position the game started from, for "Play again". */
  start: [],
  analysis: null,
  sequence: null,
  /** How far the sequence plot goes, when its range control has set it (else null: a little
   * past the largest heap). */
  plotUpto: null,
  /** The games grundy knows, from /api/games (the library's one list). */
  games: [],
  /** Legal moves of the player to move as they are typed, with their words (from the server). */
  examples: [],
  /** How this game's moves are typed, with its own numbers (from the server's analysis). */
  moveSyntax: null,
};

const other = (p) => (p === 'first' ? 'second' : 'first');
const seed = () => Math.floor(Math.random() * 2 ** 31);

/**
 * An error answer of the API, with what the page needs to say it in its own words: the
 * server's one-line `message`, its `kind` (`bad_input`, `illegal_move`, `budget`,
 * `time_limit`, `busy`, ...; `network` when no answer came), and where the server gives them,
 * the `command` line that does the work without the server's limits and, for a budget, the
 * `suggestedBudget` and what it counts (`budgetUnits`).
 */
class ApiError extends Error {
  constructor(data, status) {
    super(data.error || `the server answered ${status}`);
    this.name = 'ApiError';
    this.kind = data.kind || 'unknown';
    this.status = status;
    this.command = data.command || null;
    this.suggestedBudget = data.suggested_budget === undefined ? null : String(data.suggested_budget);
    this.budgetUnits = data.budget_units || 'positions';
  }
}

/**
 * Where the requests go: the server's `/api/`, or on the static page (web/build-static.sh) the
 * same API compiled to WebAssembly in Web Workers (`grundyLocal`, crates/grundy-wasm/js), which
 * answers the same JSON with no server.
 */
const local = globalThis.grundyLocal;

/**
 * Calls the API. Heaps range over all of u64, past the 2^53 a JavaScript number holds exactly,
 * so the page sends positions as strings and asks for every integer of the reply as a string
 * (`big=strings`): read them with `BigInt` for arithmetic, `Number` only where they are small
 * (counts, indices, the plotted sequence), and show them as they are. Errors are thrown as an
 * `ApiError`; an aborted request (see `signal`) throws the browser's `AbortError`.
 */
async function api(path, body, signal) {
  const init = body === undefined
    ? { signal }
    : { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), signal };
  let res;
  try {
    res = await (local ? local.fetch : fetch)(`${path}${path.includes('?') ? '&' : '?'}big=strings`, init);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError({ error: 'the server did not answer (is grundy serve still running?)', kind: 'network' }, 0);
  }
  const data = await res.json().catch((e) => {
    if (e.name === 'AbortError') throw e;
    return { error: `the server answered ${res.status} without JSON`, kind: 'unknown' };
  });
  if (!res.ok) throw new ApiError(data, res.status);
  return data;
}

/**
 * What the page says for an error: a sentence, and a command line to copy where the work can
 * be done there. The server's messages speak to whoever calls the API (they name its fields or
 * the command line's flags); the page says in its own words what it cannot do and shows the
 * command line as a command.
 */
function describe(e) {
  if (!(e instanceof ApiError)) return { text: `Something went wrong in the page: ${e.message}` };
  switch (e.kind) {
    case 'budget':
      return e.suggestedBudget && e.command
        ? {
          text: `This needs a larger computation than ${local ? 'the page does' : 'the server does for the page'} (about ${e.suggestedBudget} `
            + `${e.budgetUnits}), and the page cannot raise it. On the command line it can be done:`,
          command: e.command,
        }
        // Past every budget: the message says what the work would need, and nothing does it.
        : { text: `This is too large to solve exactly: ${sentence(e.message)}` };
    case 'time_limit':
      return {
        text: `This takes longer than ${local ? 'the page' : 'the server'} allows one request, so it was stopped. `
          + `${local ? local.inBrowser : ''}On the command line there is no time limit:`,
        command: e.command,
      };
    case 'busy':
      return { text: 'The server is busy with other work; try again in a moment, or on the command line:', command: e.command };
    case 'illegal_move':
      return { text: `That move is not allowed: ${sentence(e.message)}` };
    case 'network':
      return { text: 'The server did not answer: is grundy serve still running?' };
    case 'bad_input':
      return { text: `Check the game and position: ${sentence(e.message)}` };
    default:
      // unsupported, work_limit and anything new: the server's words, which name no flag.
      return { text: sentence(e.message.charAt(0).toUpperCase() + e.message.slice(1)), command: e.command };
  }
}

/** A message as a sentence: with a full stop unless it has one. */
const sentence = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * Shows an error (an `ApiError` or any other) after the words `lead`, if any, or hides the
 * error box when given nothing.
 */
function showError(error, lead = '') {
  const box = $('error');
  box.hidden = !error;
  if (!error) {
    box.replaceChildren();
    return;
  }
  fillMessage(box, error, lead);
}

/**
 * Writes an error into `box`: `lead`, then what the page says for it (`describe`), its first
 * letter lowered after a lead when it starts a word ("This needs ..." but "G(100) ...").
 */
function fillMessage(box, error, lead = '') {
  box.replaceChildren();
  let { text, command } = typeof error === 'string' ? { text: error } : describe(error);
  if (lead && /^[A-Z][a-z]/.test(text)) text = text.charAt(0).toLowerCase() + text.slice(1);
  // A message may quote a command line between backquotes (`grundy sg ... --store DIR`): it
  // shows as a command to copy, as `command` does.
  `${lead}${text}`.split('`').forEach((part, k) => box.append(k % 2 === 1 ? commandLine(part) : part));
  if (command) box.append(' ', commandLine(command));
}

/**
 * Whether an error says the position cannot be solved exactly here (a value out of reach, a
 * search past its budget), rather than that the input is wrong or the server is busy. Level
 * perfect then refuses the game; lower levels play it without the analysis.
 */
const unsolved = (e) => e instanceof ApiError && ['unsupported', 'budget'].includes(e.kind);

/**
 * Whether `e` refuses a convention for the game itself (misère play or Every-SG of a partizan
 * game: "misère play of Domineering is not computed here: ..."), which no level and no budget
 * changes: the page says so and gives no advice about them.
 */
const conventionRefused = (e) => e instanceof ApiError && e.kind === 'unsupported'
  && /^(misère play|Every-SG) of .+ is not computed here/.test(e.message);

function commandLine(text) {
  const code = document.createElement('code');
  code.className = 'command';
  code.textContent = text;
  return code;
}

function gameName() {
  const name = $('preset').value === 'custom' ? $('game').value.trim() : $('preset').value;
  // A game on a graph is written graph:FILE on the command line; here its edges are typed, and
  // a request names the game as its facts say.
  return factsOf(name).request_game ?? name;
}

/**
 * What the page needs to show a game, from its entry in the list (`/api/games`' `facts`): how
 * a request names it, whether it reads a graph's text, how its rows are drawn, the words of
 * the panel. The page never branches on a game's name.
 */
const factsOf = (game) => kindOf(game)?.facts ?? {};

/** Whether the game takes a graph's text from the text area (the server reads no files). */
const usesGraphText = (game) => Boolean(factsOf(game).graph_text);

/**
 * Shows the text area of the edges when the game takes a graph, with the game's example filled
 * in when the area is empty or still holds another game's example.
 */
function updateGraphField() {
  const name = gameName();
  const show = usesGraphText(name);
  $('graph-label').hidden = !show;
  if (!show) return;
  const example = kindOf(name)?.example_graph;
  const examples = state.games.map((g) => g.example_graph).filter(Boolean);
  const text = $('graph-text').value;
  if (example && (text.trim() === '' || examples.includes(text))) $('graph-text').value = example;
}

/**
 * The edges of a graph's text as the page needs them to draw moves: for each vertex, its
 * followers and whose move each is ('both', 'left' for the first player, 'right' for the
 * second). The server reads the text itself; this only draws the buttons.
 */
function graphEdges(text) {
  const out = new Map();
  for (const raw of (text || '').split('\n')) {
    const words = raw.split('#')[0].trim().split(/\s+/).filter((w) => w !== '');
    const edge = (words.length === 2 && !['win', 'lose', 'vertex'].includes(words[0]))
      || (words.length === 3 && ['left', 'right'].includes(words[2]));
    if (!edge) continue;
    const [u, v, side] = words;
    if (!out.has(u)) out.set(u, []);
    out.get(u).push({ v, side: side ?? 'both' });
  }
  return out;
}

/** A whole number written in decimal as a BigInt, exactly; null for anything else. */
const toBig = (text) => (/^[0-9]+$/.test(text) ? BigInt(text) : null);

/**
 * A heap token's size (a BigInt, null when it is not a whole number), the size as written,
 * and the rule it carries, if any: `7`, `7/3` or `nim=7`.
 */
function readToken(token) {
  const eq = token.lastIndexOf('=');
  if (eq >= 0) return sized(token.slice(eq + 1), token.slice(0, eq));
  const slash = token.indexOf('/');
  if (slash >= 0) return sized(token.slice(0, slash), `take 1..${token.slice(slash + 1)}`);
  return sized(token, '');
}

function sized(text, rule) {
  const size = toBig(text);
  return { size, text: size === null ? text : String(size), rule };
}

/** Whether the game's tokens are pictures or a path, drawn as text rather than as heaps. */
const drawnAsText = (game) => factsOf(game).rows === 'text';

function problem() {
  const p = { game: state.game, position: state.tokens, misere: state.misere, every: state.every, to_move: state.toMove };
  if (usesGraphText(state.game)) p.graph = state.graph;
  return p;
}

/**
 * The most winning moves the panel lists one by one: the server sends the exact count and every
 * family whatever this is, so a heap of 10^18 (83,333,333,333,333,338 winning moves in Kayles)
 * does not bring 10,000 moves (about 1.5 MB) to show a hundred.
 */
const LISTED = 100;

/** The body of /api/analyze: the position and the limit of moves listed one by one. */
const analysisRequest = () => ({ ...problem(), limit: LISTED });

/** The rules under the game's title (from the server, with misère added). */
function setRules(rules) {
  $('rules').textContent = rules + (state.misere ? ' Misère: whoever makes the last move loses.' : '')
    + (state.every ? ' Every-SG: each turn is one move in every game that is not over, and whoever makes the last move '
      + 'wins. Click one object in each game (or type the moves joined by ;) and press Play.' : '');
}

function setStatus(text, kind) {
  const s = $('status');
  s.textContent = text;
  s.className = kind === 'win' || kind === 'lose' ? kind : '';
  s.dataset.state = kind;
}

/**
 * Adds a line to the move log, numbered by the page (a list marker would sit outside the log's
 * scrolling box and be cut off), and keeps the newest line in view within the log only.
 */
function log(text, who) {
  const list = $('log');
  const li = document.createElement('li');
  li.className = who;
  li.append(cell('span', `${list.children.length + 1}.`, 'n'), cell('span', text, 't'));
  list.appendChild(li);
  list.scrollTop = list.scrollHeight;
}

/** Once a game is over its whole log shows, from the first move; during a game it scrolls. */
function showWholeLog(whole) {
  $('log').classList.toggle('whole', whole);
  if (whole) $('log').scrollTop = 0;
}

// ---- the board -------------------------------------------------------------------------

/**
 * The board: the drawing of the position (see `showDrawing`) above its rows. The drawing's
 * shapes make the moves; the rows under it name each number and its exact size. Only when the
 * server could not draw the position do the rows carry buttons, each with its move in
 * `data-move` as the drawing's shapes have.
 */
function drawBoard() {
  const myTurn = !state.over && !state.busy && state.toMove === state.human;
  drawRows(myTurn, Boolean(drawing && drawing.key === drawingKey() && drawing.failed));
  showDrawing($('board'), myTurn);
}

/**
 * The rows of the board; with `buttons`, the buttons that make moves (see `drawBoard`),
 * enabled on the person's turn (`myTurn`).
 */
function drawRows(myTurn, buttons) {
  const board = $('board');
  board.replaceChildren();
  if (!state.started) return;
  const rowsOf = factsOf(state.game).rows;
  if (rowsOf === 'factors') {
    drawFactors(board, myTurn, buttons);
    return;
  }
  if (rowsOf === 'graph') {
    drawGraph(board, myTurn, buttons);
    return;
  }
  if (rowsOf === 'text') {
    drawText(board);
    return;
  }
  // A drawing that words the position in rows of its own (a circle game's "circle of 12
  // coins", where each part is two numbers) gives the rows, in its words.
  if (hasDrawing() && drawing.rows.length > 0) {
    drawing.rows.forEach(([label, text], i) => {
      const row = document.createElement('div');
      row.className = 'heap';
      row.dataset.heap = String(i + 1);
      row.append(cell('span', label, 'heap-label'), cell('span', text, 'heap-size'));
      board.appendChild(row);
    });
    return;
  }
  // A token may hold several numbers (`20/3` of Fibonacci Nim, `3x4` of a sheet, `euclid=34,12`
  // in a sum): once the analysis of this position is in, the board has one row per number,
  // named as the analysis names it.
  const a = state.analysis;
  const rows = a && a.tokens.join('\n') === state.tokens.join('\n') && a.tokens.length !== a.position.length
    ? a.position.map((n) => String(n))
    : state.tokens;
  rows.forEach((token, i) => {
    const { size, text, rule } = readToken(token);
    const row = document.createElement('div');
    row.className = 'heap' + (size === 0n ? ' empty' : '');
    row.dataset.heap = String(i + 1);
    const label = document.createElement('span');
    label.className = 'heap-label';
    // What the row is, as the analysis names it: a heap, one of Euclid's numbers, a chip, a step.
    label.textContent = state.labels?.[i] ?? `heap ${i + 1}`;
    const count = document.createElement('span');
    count.className = 'heap-size';
    count.textContent = text;
    row.append(label, count);
    // With the drawing on the board the row only names its number: the drawing shows it (a bar
    // past what fits) and offers its moves, so the row says nothing of typing them.
    if (size !== null && size > MAX_DRAWN && buttons) {
      row.append(...heapBar(size));
    } else if (size !== null && buttons) {
      const objects = document.createElement('div');
      objects.className = 'objects';
      for (let j = 0; j < Number(size); j++) {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'object';
        b.dataset.heap = String(i + 1);
        b.dataset.leave = String(j);
        b.dataset.move = `${i + 1} -> ${j}`;
        b.disabled = !myTurn;
        b.title = `leave ${j} in heap ${i + 1} (take ${size - BigInt(j)})`;
        b.addEventListener('mouseenter', () => markTaking(objects, j, true));
        b.addEventListener('mouseleave', () => markTaking(objects, j, false));
        // Under Every-SG a turn is a move in every game: a click adds this game's move to the
        // turn in the box below, which Play sends.
        b.addEventListener('click', () => (state.every ? addToTurn(i + 1, j) : humanMove(`${i + 1} -> ${j}`)));
        objects.appendChild(b);
      }
      row.appendChild(objects);
    }
    if (rule) {
      const r = document.createElement('span');
      r.className = 'rule';
      r.textContent = rule;
      row.appendChild(r);
    }
    board.appendChild(row);
  });
}

/** The most moves of one token drawn as buttons; past it the typed form plays the rest. */
const MAX_GRAPH_BUTTONS = 40;

/** Tokens on a graph: each token's vertex, and a button for each edge the person may take. */
function drawGraph(board, myTurn, buttons) {
  const edges = graphEdges(state.graph);
  const mine = state.human === 'first' ? 'left' : 'right';
  state.tokens.forEach((vertex, i) => {
    const row = document.createElement('div');
    row.className = 'heap graph-token';
    row.dataset.heap = String(i + 1);
    row.append(cell('span', `token ${i + 1}`, 'heap-label'), cell('span', vertex, 'heap-size'));
    const moves = document.createElement('div');
    moves.className = 'graph-moves';
    const targets = (edges.get(vertex) || []).filter((e) => e.side === 'both' || e.side === mine);
    if (!buttons) {
      board.appendChild(row);
      return;
    }
    for (const e of targets.slice(0, MAX_GRAPH_BUTTONS)) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'graph-move';
      b.dataset.token = String(i + 1);
      b.dataset.to = e.v;
      b.dataset.move = `${i + 1} ${e.v}`;
      b.textContent = `→ ${e.v}`;
      b.title = `move token ${i + 1} from ${vertex} to ${e.v}`;
      b.disabled = !myTurn;
      b.addEventListener('click', () => humanMove(`${i + 1} ${e.v}`));
      moves.appendChild(b);
    }
    if (targets.length > MAX_GRAPH_BUTTONS) moves.appendChild(cell('span', `and ${targets.length - MAX_GRAPH_BUTTONS} more: type them`, 'rule'));
    if (targets.length === 0) moves.appendChild(cell('span', 'no edge out', 'rule'));
    row.appendChild(moves);
    board.appendChild(row);
  });
}

/** The most characters of a picture or path the board shows. */
const DRAWN_CHARS = 200;

/**
 * Positions written as text, one row a token (Hackenbush's pictures, geography's path, the rows
 * of Northcott's game): text, and moves are typed (`cut 1-2`, a vertex's name) or played from
 * the drawing and the panel.
 */
function drawText(board) {
  // The rows' name ("picture 2", "path"), what an empty one says and the last token that says
  // whose turn it is, from the game's facts.
  const words = factsOf(state.game).text_rows ?? { label: 'token', numbered: true };
  state.tokens.forEach((token, i) => {
    const row = document.createElement('div');
    row.className = 'heap';
    row.dataset.heap = String(i + 1);
    const turn = i === state.tokens.length - 1 ? (words.turn ?? []).find(([t]) => t === token) : undefined;
    let label = words.numbered ? `${words.label} ${i + 1}` : words.label;
    let text = token;
    if (turn) [label, text] = ['to move', turn[1]];
    else if (words.empty && token === words.empty[0]) text = words.empty[1];
    if (text.length > DRAWN_CHARS) text = `${text.slice(0, DRAWN_CHARS)}… (${token.length} characters)`;
    row.append(cell('span', label, 'heap-label'), cell('span', text, 'heap-size'));
    board.appendChild(row);
  });
}

/**
 * Under Every-SG, adds the move "leave `left` in number `number`" to the turn typed in the
 * box, in place of an earlier click on the same number (moves joined by `;`, as the server
 * reads a turn).
 */
function addToTurn(number, left) {
  if (state.busy || state.over || state.toMove !== state.human) return;
  const box = $('move-text');
  const moves = box.value.split(';').map((m) => m.trim()).filter((m) => m !== '')
    .filter((m) => m.split('->')[0].trim() !== String(number));
  moves.push(`${number} -> ${left}`);
  box.value = moves.join('; ');
  box.focus();
}

/**
 * A heap too large to draw object by object: a bar whose length grows with the number of its
 * binary digits (so 2^64 - 1 fills it and a heap of 41 is short), and a note to type moves.
 */
function heapBar(size) {
  const bar = document.createElement('div');
  bar.className = 'heap-bar';
  bar.title = `${size} objects`;
  bar.setAttribute('role', 'img');
  bar.setAttribute('aria-label', `${size} objects`);
  const fill = document.createElement('div');
  fill.className = 'fill';
  fill.style.width = `${Math.max(6, (size.toString(2).length / 64) * 100).toFixed(1)}%`;
  bar.appendChild(fill);
  return [bar, cell('span', 'too many objects to draw: type a move below', 'more')];
}

function markTaking(objects, from, on) {
  [...objects.children].forEach((o, k) => o.classList.toggle('taking', on && k >= from));
}

/** The prime factorisation from the analysis's first line, "n = 360 = 2^3 * 3^2 * 5." */
function factorsOf(analysis) {
  const line = analysis && analysis.explanation[0];
  const m = line && line.match(/= ([0-9^* ]+)\.$/);
  if (!m) return [];
  return m[1].split(' * ').map((f) => {
    const [p, e] = f.split('^');
    return { p: BigInt(p), e: Number(e || 1) };
  });
}

/** The one number n with its prime factorisation, and a button per prime power dividing it. */
function drawFactors(board, myTurn, buttons) {
  const n = state.tokens[0];
  const head = document.createElement('div');
  head.className = 'divisor-n';
  const factors = factorsOf(state.analysis);
  const written = factors.map(({ p, e }) => (e === 1 ? `${p}` : `${p}^${e}`)).join(' · ');
  head.textContent = `n = ${n}` + (written && written !== String(n) ? ` = ${written}` : '');
  board.appendChild(head);
  if (!buttons) return;
  const row = document.createElement('div');
  row.className = 'divisors';
  for (const { p, e } of factors) {
    let d = 1n;
    for (let k = 1; k <= e; k++) {
      d *= p;
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.divisor = String(d);
      b.dataset.move = String(d);
      b.textContent = `÷ ${d}`;
      b.title = `divide by ${p}^${k}`;
      b.disabled = !myTurn;
      const divisor = String(d);
      b.addEventListener('click', () => humanMove(divisor));
      row.appendChild(b);
    }
  }
  board.appendChild(row);
}

// ---- the drawing of the position (grundy::draw through /api/draw) ----------------------------

/**
 * The drawing on the board: the key of the position it shows (game, position, player to
 * move), its SVG, and the token or coin picked (`data-pick`), whose targets (`data-choice`)
 * show. Every shape that makes a move has `data-move`, the move as the move box takes it.
 */
let drawing = null;

const drawingKey = () => JSON.stringify([state.gameNo, state.game, state.tokens, state.toMove, state.graph]);

/** Whether the board has the drawing of the position on it. */
const hasDrawing = () => Boolean(state.started && drawing && drawing.key === drawingKey() && !drawing.failed);

/** Asks the server for the drawing of the position on the board, unless the board has it. */
async function loadDrawing() {
  const key = drawingKey();
  if (!state.started || (drawing && drawing.key === key)) return;
  try {
    const d = await api('/api/draw', problem());
    if (key !== drawingKey()) return;
    drawing = { key, svg: d.svg, picked: null, controls: d.controls || [], rows: d.rows || [] };
  } catch (e) {
    // The rows below show the position with buttons to play, and the move box plays.
    if (key !== drawingKey()) return;
    drawing = { key, svg: null, picked: null, failed: true };
  }
  drawBoard();
}

/**
 * The least a drawing is scaled down to fit a narrow screen: its type stays about 10 px and its
 * objects large enough to tap. A drawing wider than that scrolls sideways in its own box,
 * marked as it does (see `markScrolling`).
 */
const DRAWING_MIN_SCALE = 0.8;

/**
 * The least side of a click target on the screen, in CSS px: a drawing is scaled so that its
 * least hit area (the root's `data-hit-min`, in drawing units) is at least this large, and
 * scrolls sideways where that is wider than the board.
 */
const HIT_PX = 40;

/** Puts the drawing first on the board; its targets play only on the person's turn. */
function showDrawing(board, myTurn) {
  board.classList.toggle('has-drawing', false);
  if (!hasDrawing()) return;
  const box = document.createElement('div');
  box.className = 'drawing' + (myTurn ? '' : ' idle');
  box.innerHTML = drawing.svg;
  const svg = box.querySelector('svg');
  const width = Number(svg?.getAttribute('width'));
  const hitMin = Number(svg?.getAttribute('data-hit-min'));
  // A drawing with nothing to tap (a game over) keeps its own size on a phone rather than
  // growing to the width, where its labels came out twice their size (issue 84).
  box.classList.toggle('still', !(hitMin > 0));
  const scale = hitMin > 0 ? Math.max(DRAWING_MIN_SCALE, HIT_PX / hitMin) : DRAWING_MIN_SCALE;
  if (width > 0) svg.style.minWidth = `${Math.ceil(width * scale)}px`;
  board.prepend(box);
  if (drawing.controls.length > 0) box.after(moveControls(drawing.controls, myTurn));
  board.classList.toggle('has-drawing', true);
  if (drawing.picked !== null) pickOnBoard(box, drawing.picked);
  markScrolling();
}

/**
 * The drawing's controls (from the game's face in the library): for the moves it does not
 * draw one by one (a heap too large to draw, splits into three, a move in several heaps), a
 * number field per number the move needs and a button that plays the move they make. The
 * numbers stay text, so that a heap of 2^64 - 1 is exact; a choice that is no legal move is
 * refused by the server with its reason, as a typed move is.
 */
function moveControls(controls, myTurn) {
  const box = document.createElement('div');
  box.className = 'move-controls';
  controls.forEach((c, k) => {
    const form = document.createElement('form');
    form.className = 'move-control';
    form.dataset.control = String(k);
    form.dataset.template = c.template;
    form.appendChild(cell('span', c.label, 'control-label'));
    const inputs = c.fields.map((f) => {
      const input = document.createElement('input');
      input.type = 'number';
      input.min = String(f.min);
      input.max = String(f.max);
      // A legal move at once: the library starts the fields at one.
      input.value = String(f.value ?? f.min);
      input.required = true;
      input.title = `${f.name}: ${f.min} to ${f.max}`;
      input.setAttribute('aria-label', f.name);
      input.disabled = !myTurn;
      const label = document.createElement('label');
      label.append(cell('span', f.name, 'field-name'), input);
      form.appendChild(label);
      return input;
    });
    const play = document.createElement('button');
    play.type = 'submit';
    play.textContent = 'Play';
    play.disabled = !myTurn;
    form.appendChild(play);
    // The move the fields make now, on the button as every clickable element of the board
    // carries its move (`data-move`).
    const filled = () => inputs.reduce((text, input, i) => text.replaceAll(`{${i + 1}}`, input.value.trim()), c.template);
    play.dataset.move = filled();
    form.addEventListener('input', () => { play.dataset.move = filled(); });
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      if (state.every) addMoveToTurn(filled());
      else humanMove(filled());
    });
    box.appendChild(form);
  });
  return box;
}

/** Shows the targets of the token or coin `key` (a `data-choice` group) and hides the others. */
function pickOnBoard(box, key) {
  for (const g of box.querySelectorAll('[data-choice]')) {
    if (g.getAttribute('data-choice') === key) g.removeAttribute('display');
    else g.setAttribute('display', 'none');
  }
}

/** A click on the drawing: a pick shows that token's moves; a target plays its move. */
function boardClick(event) {
  const box = event.target.closest('.drawing');
  if (!box || !drawing) return;
  const pick = event.target.closest('[data-pick]');
  if (pick) {
    drawing.picked = pick.getAttribute('data-pick');
    pickOnBoard(box, drawing.picked);
    return;
  }
  const target = event.target.closest('[data-move]');
  if (!target) return;
  const text = target.getAttribute('data-move');
  // Under Every-SG a click adds this game's move to the turn in the move box.
  if (state.every) addMoveToTurn(text);
  else humanMove(text);
}

/** Adds `text` (`HEAP -> LEFT`) to the Every-SG turn in the box, replacing a move of the same number. */
function addMoveToTurn(text) {
  if (state.busy || state.over || state.toMove !== state.human) return;
  const box = $('move-text');
  const head = text.split('->')[0].trim();
  const moves = box.value.split(';').map((m) => m.trim()).filter((m) => m !== '' && m.split('->')[0].trim() !== head);
  moves.push(text);
  box.value = moves.join('; ');
  box.focus();
}

// ---- work under way ------------------------------------------------------------------------

/**
 * The request under way, if any: one at a time. Starting one (a new game, a move, an analysis)
 * aborts the one before, whose flow then stops without touching the page. While it runs the
 * status says so ("Thinking…", `data-state="busy"`, a spinner) and the Cancel button aborts it
 * (the server stops the work of a request that went away) and calls its `onCancel`, which
 * leaves the page in a state it can go on from.
 */
let work = null;

/** Starts a piece of work: the status `label`, Cancel shown, the board idle; its abort signal. */
function begin(label, onCancel) {
  if (work) work.controller.abort('superseded');
  const controller = new AbortController();
  work = { controller, onCancel };
  state.busy = true;
  setStatus(label, 'busy');
  $('cancel').hidden = false;
  drawBoard();
  return controller.signal;
}

/**
 * Ends the work of `signal`: true when it was still the work under way, false when it was
 * cancelled or another took its place (its flow then stops).
 */
function end(signal) {
  if (signal.aborted || !work || work.controller.signal !== signal) return false;
  work = null;
  state.busy = false;
  $('cancel').hidden = true;
  return true;
}

/** The Cancel button: aborts the work under way and lets it put the page right. */
function cancel() {
  if (!work) return;
  const { controller, onCancel } = work;
  work = null;
  state.busy = false;
  $('cancel').hidden = true;
  controller.abort('cancelled');
  onCancel();
  drawBoard();
}

// ---- playing -------------------------------------------------------------------------------

/** The status between requests: the person's move, the end of the game, or a stopped game. */
function statusForTurn(note = '') {
  const s = $('status');
  const ended = Boolean(state.over && (state.winner || state.drawn));
  showWholeLog(ended);
  $('after-game').hidden = !ended;
  if (state.over && state.drawn) {
    setStatus(`Draw: ${state.drawn}.`, 'draw');
    s.dataset.winner = 'draw';
    return;
  }
  if (state.over && state.winner) {
    const you = state.winner === state.human;
    setStatus(you ? 'You win! Well played.' : 'The computer wins.', you ? 'win' : 'lose');
    s.dataset.winner = you ? 'you' : 'computer';
    return;
  }
  delete s.dataset.winner;
  if (state.over) return; // no game (an error or a cancelled start said why)
  if (state.toMove === state.human) {
    // A partizan game's players are Left (the first) and Right.
    const you = factsOf(state.game)?.partizan ? (state.human === 'first' ? 'Left' : 'Right') : `the ${state.human} player`;
    setStatus(`${note}Your move (you are ${you}).`, 'your-move');
  } else {
    setStatus(`${note}The computer has not moved: press New game to start again.`, 'stopped');
  }
}

/** The game ends: `winner` ("first" or "second") has won, or it is `drawn` (why, in words). */
function finish(winner, drawn = null) {
  state.over = true;
  state.winner = winner;
  state.drawn = drawn;
}

/**
 * Shows the position: the board, the plot's marks, and its analysis (`known` when the page
 * has it already, `failed` when the server could not give one, else asked for), then whose
 * turn it is.
 */
async function refresh(known, failed) {
  drawBoard();
  redrawSequence();
  if (known) {
    showAnalysis(known);
  } else if (failed) {
    analysisUnavailable(failed);
  } else {
    const signal = begin('Thinking… (analysing the position)', () => {
      clearAnalysis();
      $('outcome').textContent = 'not computed (cancelled)';
      statusForTurn('Analysis cancelled. ');
    });
    let a = null;
    try {
      a = await api('/api/analyze', analysisRequest(), signal);
    } catch (e) {
      if (!end(signal)) return;
      // The game goes on without its analysis.
      if (unsolved(e)) {
        // The position has none here (it is not the server's state): the panel says why.
        analysisUnavailable(e);
      } else {
        clearAnalysis();
        showError(e);
        $('outcome').textContent = 'not available (see the message above)';
      }
    }
    if (a !== null) {
      if (!end(signal)) return;
      showAnalysis(a);
    }
  }
  drawBoard(); // the divisor game draws its buttons from the analysis
  const shown = drawingKey();
  const value = loadValue();
  await loadDrawing();
  await value;
  // A new game, a move or an undo made while the drawing loaded owns the status now: saying
  // "Your move" here would tell the person (and a test) that a game whose analysis is still
  // under way is ready.
  if (work || drawingKey() !== shown) return;
  statusForTurn();
}

/** The request of the value panel in flight, aborted when another position is shown. */
let valueRequest = null;

/**
 * The summary's value row for a partizan position: "Value", Conway's canonical form (`null`
 * where its name is too long to write, which the value panel says).
 */
function showConwayValue(canonical, note) {
  $('sg-label').textContent = 'Value';
  $('sg').textContent = canonical ?? note ?? 'a canonical form too long to write here';
}

/** Hides the value panel and drops its request. */
function hideValue() {
  valueRequest?.abort();
  valueRequest = null;
  $('value-panel').hidden = true;
}

/**
 * Conway's value of the position under "Why", for a game whose facts say it is partizan, or a
 * sum whose analysis holds Conway's value (a part is partizan) (`/api/value`): its canonical
 * form, outcome class, mean, temperature and stops, exact, the atomic weight of an all-small
 * game with the two-ahead rule in words, and its thermograph drawn (Left's wall on the left).
 * Normal play only: misère and Every-SG positions have no such value.
 */
async function loadValue() {
  hideValue();
  // A game partizan by its rules, or a position found partizan by its analysis (coloured
  // Hackenbush, whose green pictures are impartial; a sum with a partizan part), when the
  // analysis is of the position shown.
  const a = state.analysis;
  const conway = Boolean(a && a.conway && a.tokens.join('\n') === state.tokens.join('\n'));
  if (!(factsOf(state.game).partizan || conway) || state.misere || state.every) return;
  const controller = new AbortController();
  valueRequest = controller;
  const query = new URLSearchParams({ game: state.game, position: state.tokens.join(' ') });
  if (usesGraphText(state.game)) query.set('graph', state.graph);
  let v;
  try {
    v = await api(`/api/value?${query}`, undefined, controller.signal);
  } catch (e) {
    if (e.name === 'AbortError' || valueRequest !== controller) return;
    showValueKind(false);
    for (const id of ['value-canonical', 'value-outcome', 'value-mean', 'value-temperature', 'value-stops',
      'value-atomic-weight', 'value-birthday', 'value-reduced', 'value-incentives']) {
      $(id).textContent = '–';
    }
    $('thermograph').replaceChildren();
    const note = $('value-note');
    note.hidden = false;
    note.textContent = `The value is not available: ${describe(e).text}`;
    $('value-panel').hidden = false;
    return;
  }
  if (valueRequest !== controller) return;
  valueRequest = null;
  showConwayValue(v.canonical);
  fillValue(v);
}

/** Shows the value panel's rows of a loopy game's value (`loopy`) or of a short game's. */
function showValueKind(loopy) {
  for (const row of document.querySelectorAll('#value-facts .loopy')) row.hidden = !loopy;
  for (const row of document.querySelectorAll('#value-facts .short')) row.hidden = loopy;
}

/** Who wins with one player first, in words: a loopy game's "D" is a draw. */
const firstWords = (letter) => ({ L: 'Left wins', R: 'Right wins', D: 'a draw: play goes on for ever' })[letter];

/**
 * Fills the value panel under "Why" with `v`, /api/value's answer: a short game's canonical
 * form, outcome class, mean, temperature, stops, atomic weight and thermograph; a loopy game's
 * value (its answer has `stopper`), who wins with each player first (a draw said as a draw),
 * whether it is a stopper, and its sides (a loopy game has no mean, stops or thermograph).
 */
function fillValue(v) {
  const loopy = v.stopper !== undefined;
  showValueKind(loopy);
  $('value-outcome').textContent = `${v.outcome}: ${v.outcome_words}`;
  if (loopy) {
    $('value-canonical').textContent = v.value;
    $('value-left-first').textContent = firstWords(v.outcome_left_first);
    $('value-right-first').textContent = firstWords(v.outcome_right_first);
    $('value-stopper').textContent = v.stopper
      ? 'yes: from no position can play alternate for ever'
      : 'no: from some position play can alternate for ever';
    $('value-sides').textContent = v.stopper
      ? `none: a stopper has a simplest form, ${v.canonical}`
      : `onside ${v.onside}, offside ${v.offside}`;
    $('thermograph').replaceChildren();
  } else {
    $('value-canonical').textContent = v.canonical ?? `not written: ${v.canonical_not_written}`;
    $('value-mean').textContent = v.mean;
    $('value-temperature').textContent = v.temperature;
    $('value-stops').textContent = `Left ${v.stops[0]}, Right ${v.stops[1]}`;
    // An all-small game (Clobber) is read through its atomic weight and the two-ahead rule.
    $('value-atomic-weight').textContent = v.atomic_weight_words;
    // CGSuite's analyses beyond the value, as `grundy value` prints them; each not given says
    // why (its note).
    $('value-birthday').textContent = `day ${v.birthday}`;
    $('value-reduced').textContent = v.reduced ?? `not given: ${v.reduced_note}`;
    $('value-incentives').textContent = v.incentives
      ? `Left ${listed(v.incentives.left)}; Right ${listed(v.incentives.right)}; dominant ${listed(v.incentives.dominant)}`
      : `not given: ${v.incentives_note}`;
    // The server's drawing: numbers and fixed words only.
    $('thermograph').innerHTML = v.thermograph_svg;
  }
  $('value-note').hidden = true;
  $('value-panel').hidden = false;
}

/** Names separated by commas, or "none", as `grundy value` lists incentives. */
const listed = (names) => (names.length === 0 ? 'none' : names.join(', '));

/**
 * A worksheet's line that is not one game's value (`/api/value`'s answer to `{1|0} >= *` or
 * `options(G)`), in sentences: whether the comparison holds and the relation found, or the
 * form's value and its Left and Right options.
 */
function worksheetWhy(v) {
  if (v.holds !== undefined) {
    return [`${v.game} is ${v.holds}: ${v.relation_words}.`];
  }
  const side = (options) => listed(options.map((o) => o.value));
  return [`${v.value} has Left's options ${side(v.left)} and Right's options ${side(v.right)}.`];
}

/**
 * Whether the typed game is a game written as text, to value and not to play: typed in the
 * Game name box, not a game of the list, and with the position left empty or written with
 * braces or a bar (no game's name has them): `{1|0}`, `a:{0,a|*}`, `dud`.
 */
function writtenAsText(game, tokens) {
  return $('preset').value === 'custom' && kindOf(game) === undefined && (tokens.length === 0 || /[{}|]/.test(game));
}

/** Why a game written as text has the value `v` (/api/value's answer), in sentences. */
function textWhy(text, v) {
  const result = (letter) => ({ L: 'Left wins', R: 'Right wins', D: 'neither can force a win, play going on for ever' })[letter];
  if (v.stopper === undefined) {
    return [`${text} is a short game (no position of it comes back): its value is its canonical form, `
      + `${v.canonical ?? 'too long to write here'}, of outcome class ${v.outcome} (${v.outcome_words}).`];
  }
  const lines = [
    `${text} is a loopy game: a position of it can come back, so play may go on for ever (Winning Ways, ch. 11).`,
    `Retrograde analysis of its game graph gives who wins: with Left moving first ${result(v.outcome_left_first)}; `
      + `with Right moving first ${result(v.outcome_right_first)} (outcome class ${v.outcome}).`,
  ];
  lines.push(v.stopper
    ? 'It is a stopper (from no position can play alternate for ever), so it has a simplest form, with dominated '
      + `options removed and reversible ones bypassed (Conway, Bach): ${v.canonical}.`
    : 'It is not a stopper (from some position play can alternate for ever), so its value is its two sides, '
      + `found by sidling (Winning Ways, ch. 11; Siegel): the onside ${v.onside}, where endless play counts as a win `
      + `for Left, and the offside ${v.offside}, where it counts for Right, written ${v.value}.`);
  return lines;
}

/**
 * Values a game written as text (see `writtenAsText`) as `grundy value 'TEXT'` does: its value
 * in the summary's Value row, with its outcome, and under "Why" the value panel and the reasons.
 * Nothing is played.
 */
async function showTextValue(text) {
  const signal = begin('Thinking… (valuing the game)', () => {
    setStatus('Cancelled: the value was not worked out. Press New game to try again.', 'cancelled');
  });
  let v;
  try {
    v = await api(`/api/value?game=${encodeURIComponent(text)}`, undefined, signal);
  } catch (e) {
    if (!end(signal)) return;
    showError(e);
    setStatus(e.kind === 'bad_input'
      ? 'Fix the game written as text and press New game.'
      : 'This value cannot be worked out here (see the message above).', 'error');
    return;
  }
  if (!end(signal)) return;
  if (v.holds !== undefined || v.left !== undefined) {
    // A comparison or a form's options: an answer, not a value to show in the panel.
    const why = worksheetWhy(v);
    $('to-move').textContent = 'nobody: a game written as text is valued, not played';
    $('outcome').textContent = '–';
    showConwayValue(v.holds !== undefined ? String(v.holds) : v.value);
    $('heap-values-label').hidden = $('heap-values').hidden = true;
    hideValue();
    showExplanation(why);
    setStatus(why[0], 'value');
    return;
  }
  const value = v.stopper === undefined ? v.canonical : v.value;
  $('to-move').textContent = 'nobody: a game written as text is valued, not played';
  $('outcome').textContent = `${v.outcome}: ${v.outcome_words}`;
  showConwayValue(value, v.canonical_not_written);
  $('heap-values-label').hidden = $('heap-values').hidden = true;
  fillValue(v);
  showExplanation(textWhy(text, v));
  setStatus(`Its value is ${value ?? 'too long to write here'} (more under Analysis).`, 'value');
}

async function newGame(event) {
  if (event) event.preventDefault();
  showError('');
  const game = gameName();
  const tokens = $('position').value.trim().split(/\s+/).filter((t) => t !== '');
  Object.assign(state, {
    gameNo: state.gameNo + 1,
    game,
    tokens,
    start: tokens,
    misere: $('misere').checked,
    every: $('every').checked,
    level: $('level').value,
    human: $('computer-first').checked ? 'second' : 'first',
    toMove: 'first',
    over: false,
    winner: null,
    drawn: null,
    history: [],
    graph: usesGraphText(game) ? $('graph-text').value : null,
    seen: [{ position: tokens, to_move: 'first' }],
    started: false,
    // A new game's plot goes a little past its heaps, until its range control is used.
    plotUpto: null,
  });
  $('after-game').hidden = true;
  clearGame();
  $('game-title').textContent = `${game}${state.misere ? ' (misère)' : ''}${state.every ? ' (Every-SG)' : ''}`;
  // A game written as text has no moves to type or list.
  const text = writtenAsText(game, tokens);
  $('typed').hidden = $('move-syntax').hidden = $('moves-heading').hidden = text;
  if (text) {
    // Conway's value of the text, under normal play: there is no board to play on.
    $('game-title').textContent = game;
    Object.assign(state, { over: true, tokens: [], start: [] });
    $('rules').textContent = 'A game written as text (Conway\'s notation, or CGSuite\'s for a loopy game whose '
      + 'positions can repeat): it is valued here, under normal play, not played.';
    await showTextValue(game);
    return;
  }
  // The move box starts empty, its hint this game's own syntax.
  $('move-text').value = '';
  state.examples = [];
  state.moveSyntax = null;
  showMoveSyntax();
  // No game until the server has read the game and position (and, for a position that takes
  // long, until it has analysed it).
  const noGame = () => {
    state.over = true;
    state.tokens = [];
    clearGame();
  };
  const signal = begin('Thinking… (analysing the new game)', () => {
    noGame();
    setStatus('Cancelled: the game did not start. Press New game to try again, or change the game or position.',
      'cancelled');
  });
  let checked = null;
  let failed = null;
  try {
    checked = await api('/api/analyze', analysisRequest(), signal);
  } catch (e) {
    if (!end(signal)) return;
    if (unsolved(e) && !conventionRefused(e) && state.level !== 'perfect') {
      // Lower levels promise no perfect play: the computer plays without a solution (the
      // server then makes its smallest move), and the panel says why there is no analysis.
      failed = e;
    } else {
      // Nothing of the game before stays on the board or in the panel.
      noGame();
      if (conventionRefused(e)) {
        showError(e);
        setStatus(`Uncheck ${state.misere ? 'Misère' : 'Every-SG'} to play this game, or press New game for another.`, 'error');
      } else if (unsolved(e)) {
        // Level perfect promises a winning move whenever there is one: it refuses the game.
        showError(e, 'Level perfect cannot promise perfect play here, so the game did not start: ');
        setStatus('Level perfect cannot play this position perfectly: choose level good or easy to play it anyway, '
          + 'or press New game for another.', 'error');
      } else {
        showError(e);
        // Only bad input is the person's to fix; otherwise the server could not do the work here.
        setStatus(e.kind === 'bad_input'
          ? 'Fix the game or position and press New game.'
          : 'This game cannot be started here (see the message above): press New game for another.', 'error');
      }
      return;
    }
  }
  if (!failed && !end(signal)) return;
  state.started = true;
  // Pictures and paths are shown as the server writes them (edges with the smaller end first),
  // the form the panel's moves name.
  if (checked && drawnAsText(state.game)) {
    state.tokens = checked.tokens;
    state.start = checked.tokens;
  }
  if (checked) setRules(checked.rules);
  drawSequence();
  if (state.human === 'second') await turn(null);
  else await refresh(checked, failed);
}

/**
 * One round trip: the human's move (or none when the computer starts), then the reply. True
 * when the move was played; false when it was refused, cancelled or could not be answered.
 */
async function turn(text) {
  const signal = begin('The computer is thinking…', () => {
    // The request held the person's move and the reply together: nothing was played.
    statusForTurn('Cancelled: nothing was played. ');
  });
  const before = { tokens: state.tokens, toMove: state.toMove, seen: state.seen.length };
  let reply;
  // The positions before this one, for the server to count repetitions (games on a graph).
  const history = factsOf(state.game).rows === 'graph' ? state.seen.slice(0, -1) : [];
  try {
    reply = await api('/api/move', { ...problem(), level: state.level, seed: seed(), human_move: text, history }, signal);
  } catch (e) {
    if (!end(signal)) return false;
    showError(e);
    // A legal move whose reply the server could not compute was not played either: say so,
    // rather than ask for the same move again.
    const own = ['illegal_move', 'bad_input'].includes(e.kind);
    statusForTurn(own ? '' : 'The computer could not answer that move here, so nothing was played: try another move or start a new game. ');
    drawBoard();
    return false;
  }
  if (!end(signal)) return false;
  if (text !== null) {
    state.history.push(before);
    log(`you: ${reply.human.text}`, 'human');
    state.tokens = reply.human.tokens;
    state.toMove = other(state.toMove);
    state.seen.push({ position: state.tokens, to_move: state.toMove });
    if (reply.computer) {
      // Let the person see their move before the reply; the board stays idle meanwhile, and a
      // new game started meanwhile is left alone.
      const game = state.gameNo;
      state.busy = true;
      drawBoard();
      await new Promise((r) => setTimeout(r, 250));
      if (state.gameNo !== game) return true;
      state.busy = false;
    }
  }
  if (!$('rules').textContent && reply.rules) setRules(reply.rules);
  if (reply.computer) {
    log(`computer: ${reply.computer.text} (${reply.computer.note})`, 'computer');
  }
  state.tokens = reply.tokens;
  state.toMove = reply.to_move;
  if (reply.computer) state.seen.push({ position: state.tokens, to_move: state.toMove });
  showPosition();
  state.examples = reply.examples || [];
  showMoveSyntax();
  if (reply.over) finish(reply.winner, reply.drawn ?? null);
  await refresh();
  return true;
}

/** Plays the person's move; true when it was played. */
async function humanMove(text) {
  if (state.busy || state.over || state.toMove !== state.human) return false;
  showError('');
  return turn(text);
}

async function undo() {
  if (state.busy || state.history.length === 0) return;
  const prev = state.history.pop();
  state.tokens = prev.tokens;
  state.toMove = prev.toMove;
  state.seen.length = prev.seen;
  state.over = false;
  state.winner = null;
  state.drawn = null;
  showPosition();
  log('undo', 'human');
  showError('');
  await refresh();
}

// ---- how moves are typed -------------------------------------------------------------------

/** The list's entry of the game played, by its name as typed (`bounded:3` is `bounded:K`). */
function kindOf(game) {
  const name = game.split(':')[0];
  return state.games.find((g) => g.spelling === game)
    || state.games.find((g) => g.spelling.includes(':') && g.spelling.split(':')[0] === name);
}

/** The forms of a move syntax: its parts between backquotes (`HEAP TAKE`). */
const syntaxForms = (syntax) => syntax.split('`').filter((_, k) => k % 2 === 1);

/**
 * The move box's hint: this game's forms as its placeholder, and under it how moves are typed
 * with legal moves of the position as examples (`state.examples`, from the server), each of
 * which a click types into the box.
 */
function showMoveSyntax() {
  const box = $('move-text');
  // The game's own numbers once the server has read it ("1 to 3"), its kind's words before.
  const syntax = state.moveSyntax || kindOf(state.game)?.move_syntax;
  const forms = syntax ? syntaxForms(syntax) : [];
  box.placeholder = state.every ? '1 -> 2; 3 -> 1' : forms.length > 0 ? forms.join('  ·  ') : 'HEAP TAKE  ·  HEAP -> LEFT';
  box.title = syntax ? syntax.replaceAll('`', '') : '';
  const hint = $('move-syntax');
  hint.replaceChildren();
  if (state.every) {
    hint.append('A turn is one move in each game that is not over, joined by ', commandLine(';'), '.');
  }
  if (syntax) {
    if (hint.childNodes.length > 0) hint.append(' ');
    hint.append('Type ');
    syntax.split('`').forEach((part, k) => hint.append(k % 2 === 1 ? commandLine(part) : part));
    hint.append('.');
  }
  const examples = state.over ? [] : state.examples;
  if (examples.length > 0) {
    hint.append(' For example ');
    examples.forEach((m, k) => {
      if (k > 0) hint.append(' or ');
      const example = cell('button', m.typed, 'example');
      example.type = 'button';
      example.title = `type it in the move box: ${m.words}`;
      example.addEventListener('click', () => showMove(m.typed, m.typed));
      hint.append(example);
    });
    hint.append('.');
  }
}

/**
 * Shows a move without playing it: typed in the move box, and the board's elements that make
 * it (`[data-move]`, as `typed` or in the general form `general`) highlighted.
 */
function showMove(typed, general) {
  $('move-text').value = typed;
  const board = $('board');
  board.querySelectorAll('.shown-move').forEach((e) => e.classList.remove('shown-move'));
  const hits = [...board.querySelectorAll('[data-move]')]
    .filter((e) => [typed, general].includes(e.getAttribute('data-move')));
  hits.forEach((e) => e.classList.add('shown-move'));
  (hits[0] || board).scrollIntoView({ block: 'nearest' });
  $('move-text').focus({ preventScroll: true });
}

/** The position box shows the position on the board, as `grundy analyze` reads it back. */
function showPosition() {
  if (state.started && state.tokens.length > 0) $('position').value = state.tokens.join(' ');
}

// ---- the analysis panel ---------------------------------------------------------------------

/** Empties the analysis panel: no outcome, value or move of a position no longer on the board. */
function clearAnalysis() {
  state.analysis = null;
  for (const id of ['to-move', 'outcome', 'sg', 'heap-values']) $(id).textContent = '–';
  delete $('outcome').dataset.outcome;
  $('winning-count').textContent = '';
  $('winning-moves').replaceChildren();
  $('winning-families').replaceChildren();
  $('families-wrap').hidden = true;
  $('moves-intro').hidden = true;
  $('analysis-error').hidden = true;
  $('analysis-error').replaceChildren();
  $('balance').replaceChildren();
  $('balance-wrap').hidden = true;
  $('explanation').replaceChildren();
  showQuotientTable(null);
  hideValue();
}

/** Clears everything of the game before: the board, its rules, the log, the panel and the plot. */
function clearGame() {
  $('board').replaceChildren();
  $('rules').textContent = '';
  $('log').replaceChildren();
  delete $('status').dataset.winner;
  clearAnalysis();
  state.sequence = null;
  $('sg-plot-wrap').hidden = true;
}

/** Conway's outcome classes in words, as the library writes them (`PartizanOutcome::words`). */
const OUTCOME_CLASS_WORDS = {
  L: 'Left wins whoever starts', R: 'Right wins whoever starts',
  N: 'the player to move wins', P: 'the player to move loses',
};

/** Fills the panel with the analysis `a` of the position on the board. */
function showAnalysis(a) {
  state.analysis = a;
  // The rows' names and numbers come with the analysis (heap, number, chip, step, ...).
  state.labels = a.labels;
  drawBoard();
  // A partizan position names its players Left (who moves first in a new game) and Right, and
  // its outcome class (L, R, N, P: Conway's) says who wins whoever starts; an impartial one
  // names the first and second player, and P or N is the outcome for the player to move.
  const partizan = a.outcome_class != null;
  const name = (p) => (partizan ? (p === 'first' ? 'Left' : 'Right') : `the ${p} player`);
  const who = (p) => `${name(p)} ${p === state.human ? '(you)' : '(the computer)'}`;
  // A draw has no winner: neither player can force a win (a game on a graph with cycles).
  $('outcome').textContent = a.winner === null
    ? `${a.outcome}: a draw, neither player can force a win`
    : partizan
      ? `${a.outcome_class}: ${OUTCOME_CLASS_WORDS[a.outcome_class]}; ${who(a.to_move)}, to move, ${a.winner === a.to_move ? 'wins' : 'loses'}`
      : `${a.outcome}: ${who(a.winner)} wins with best play`;
  $('outcome').dataset.outcome = a.outcome;
  // A partizan position has Conway's value in that row (its canonical form; the value panel
  // under "Why" has the rest). Misère play has no value; some games have one not computed
  // here, and the analysis says why.
  if (a.conway) {
    showConwayValue(a.conway.value, a.conway.value_note);
  } else {
    $('sg-label').textContent = 'Sprague-Grundy value';
    showShortCell($('sg'), a.sg !== null ? String(a.sg) : (a.sg_note ?? 'none'));
  }
  $('heap-values-label').textContent = a.convention === 'every' ? 'Steps (one per game)'
    : a.generalized_sg ? 'Generalized values (Smith)' : factsOf(a.game).values_label ?? 'Heap values';
  // A position with no heaps (a board of a partizan game) has no row of heap values.
  const values = a.heap_values ?? a.generalized_sg ?? null;
  $('heap-values').textContent = values ? values.join(', ') : '–';
  $('heap-values-label').hidden = $('heap-values').hidden = values === null;
  $('to-move').textContent = who(a.to_move);
  // The count is null when some moves are left out: it is not known then. It may be past
  // 2^64 - 1 (a string of digits): shown as it comes, never through a float.
  const count = a.winning_move_count === null ? null : String(a.winning_move_count);
  // A drawn position has no winning move: the panel says so and lists the moves that keep the
  // draw, as the terminal does ("moves that keep the draw (N):").
  const drawn = a.outcome === 'D';
  $('moves-title').textContent = drawn ? 'No winning move: moves that keep the draw' : 'Winning moves';
  $('winning-count').textContent = drawn
    ? `(${a.drawing_move_count ?? (a.drawing_moves || []).length})`
    : count === null
      ? `(${a.winning_moves.length} listed; ${a.winning_moves_not_listed})`
      : `(${count})`;
  showFamilies(a, count);
  if (drawn && !state.over) {
    const intro = $('moves-intro');
    intro.hidden = false;
    intro.textContent = 'The position is drawn: neither player can force a win, so no move wins. '
      + 'Each of these keeps the draw (any other move loses):';
  }
  state.examples = a.examples || state.examples;
  state.moveSyntax = a.move_syntax || state.moveSyntax;
  showMoveSyntax();
  const list = $('winning-moves');
  list.replaceChildren();
  // In a drawn position the moves that keep the draw are listed instead (none wins).
  const drawing = drawn ? (a.drawing_moves || []) : [];
  [...a.winning_moves, ...drawing].forEach((m, k) => {
    const li = document.createElement('li');
    li.dataset.heap = String(m.heap);
    li.dataset.to = m.to.join(' ');
    // The move as it is typed (`3 -> 1`, or `1..2 -> 2 5` when it changes several numbers),
    // which the move box takes; a click plays it. A token on a graph moves to a vertex by
    // name, which the move's words give ("move token 1 from a to b").
    const width = m.width ?? 1;
    const numbers = width === 1 ? String(m.heap) : `${m.heap}..${BigInt(m.heap) + BigInt(width) - 1n}`;
    // A move that only removes numbers (a coin-turning move turning heads to tails) leaves
    // nothing in their place, written `none`.
    const onGraph = /^move token (\d+) from \S+ to (\S+)/.exec(m.text);
    const general = onGraph && factsOf(state.game).rows === 'graph'
      ? `${onGraph[1]} ${onGraph[2]}`
      : `${numbers} -> ${m.to.length > 0 ? m.to.join(' ') : 'none'}`;
    // As the person would type it, in the game's own words (the server checked it reads back).
    li.dataset.move = a.typed?.[k] ?? general;
    if (drawing.includes(m)) li.classList.add('drawing');
    li.classList.add('playable');
    // The move's words are a link that shows it: on the board, and typed in the move box.
    const link = cell('a', m.text, 'move-link');
    link.href = '#board';
    link.title = `show this move on the board and type it in the move box (${li.dataset.move})`;
    link.addEventListener('click', (e) => {
      e.preventDefault();
      showMove(li.dataset.move, general);
    });
    const play = cell('button', 'Play', 'play-move');
    play.type = 'button';
    play.title = `play ${li.dataset.move}`;
    play.addEventListener('click', () => {
      if (!state.over && !state.busy && state.toMove === state.human) humanMove(li.dataset.move);
    });
    li.append(link, ' ', play);
    list.appendChild(li);
  });
  if (a.winning_moves.length === 0 && drawing.length === 0) {
    const li = document.createElement('li');
    li.className = 'none';
    // "None" only when every winning move was looked for: an N-position always has one.
    li.textContent = state.over ? 'The game is over.'
      : a.outcome === 'D' ? 'No move wins: the position is drawn.'
      : count === null ? 'Not listed: too many moves to look through here (see above).'
        : count === '0' ? 'None: every move loses against best play.'
          : 'Not listed one by one here: the families above give every one.';
    list.appendChild(li);
  }
  drawBalance(a);
  showExplanation(a.explanation);
  showQuotientTable(a.quotient_table_svg);
}

/**
 * The multiplication table of Plambeck and Siegel's misère quotient under "Why", drawn by the
 * server (`quotient_table_svg`), when the analysis came from a quotient of at most 64
 * elements; hidden otherwise (`svg` null or absent).
 */
function showQuotientTable(svg) {
  const panel = $('quotient-panel');
  // The server's drawing: element names, numbers and fixed words only.
  $('quotient-table').innerHTML = svg ?? '';
  panel.hidden = !svg;
  markScrolling();
}

/**
 * The reasoning under "Why": sentences wrap to the panel's width, while a table's lines
 * (columns aligned by runs of spaces, such as the binary balance of heaps of 20 digits) keep
 * their columns in a block of their own that scrolls sideways, marked as it does.
 */
function showExplanation(lines) {
  const box = $('explanation');
  box.replaceChildren();
  const tabular = (line) => /^\s/.test(line) || /\S {2,}\S/.test(line);
  for (let k = 0; k < lines.length;) {
    const table = tabular(lines[k]);
    let end = k;
    while (end < lines.length && tabular(lines[end]) === table) end++;
    // Each block ends its last line, so that the box's text reads as the lines joined.
    const block = cell(table ? 'pre' : 'p', lines.slice(k, end).join('\n') + (end < lines.length ? '\n' : ''),
      table ? 'why-table' : 'why-text');
    if (table) block.tabIndex = 0; // a block that scrolls can be scrolled from the keyboard
    box.appendChild(block);
    k = end;
  }
  markScrolling();
}

/**
 * Marks each box that scrolls sideways (`.scrolls`: wider content than the box, as a table of
 * big heaps on a phone), so that it shows a shadow at its cut edge and its note
 * (`[data-scroll-note]`) says that it scrolls.
 */
function markScrolling() {
  for (const box of document.querySelectorAll('#balance-scroll, #explanation .why-table, #board .drawing, #quotient-table')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1;
    box.classList.toggle('scrolls', scrolls);
  }
  // A table of the reasoning wider than the panel (a phone, heaps of 40 bits) says so above
  // it in words: the shadow at its cut edge alone was missed.
  for (const table of document.querySelectorAll('#explanation .why-table')) {
    let note = table.previousElementSibling;
    if (!note?.classList.contains('scroll-note')) {
      note = document.createElement('p');
      note.className = 'scroll-note';
      note.textContent = 'The table is wider than the screen: scroll it sideways ⇆ to see every column.';
      table.before(note);
    }
    note.hidden = !table.classList.contains('scrolls');
  }
  const note = $('balance-scroll-note');
  if (note) note.hidden = !$('balance-scroll').classList.contains('scrolls');
  $('quotient-scroll-note').hidden = !$('quotient-table').classList.contains('scrolls');
}

/**
 * A cell of the panel that stays short: a long text such as "not computed: Wythoff's values
 * have no known closed form, and ..." shows its first words ("not computed") with the rest
 * behind a "why" to open, in plain type that wraps anywhere (its numbers are long).
 */
function showShortCell(cell, text) {
  const cut = text.search(/: | \(/);
  if (text.length <= 40 || cut < 0) {
    cell.textContent = text;
    return;
  }
  const paren = text.startsWith(' (', cut);
  const rest = paren ? text.slice(cut + 2).replace(/\)$/, '') : text.slice(cut + 2);
  const more = document.createElement('details');
  more.className = 'cell-note';
  const summary = document.createElement('summary');
  summary.textContent = 'why';
  more.append(summary, rest);
  cell.replaceChildren(text.slice(0, cut), ' ', more);
}

/**
 * The winning moves as families, when some family holds more than one move (a heap of 10^18 of
 * Kayles has 83,333,333,333,333,338 winning moves: two ranges of splits and 16 single moves),
 * and how the list of moves one by one below relates to them: every move, or the first few of
 * the exact count `count` (a string of digits, or null when not known).
 */
function showFamilies(a, count) {
  const families = a.winning_families || [];
  const many = families.filter((f) => BigInt(f.count) > 1n);
  const listed = new Set(a.winning_moves.map((m) => m.text));
  // The ranges, then the single moves not among those listed one by one, so that together the
  // two lists show every winning move.
  const shown = [...many, ...families.filter((f) => BigInt(f.count) === 1n && !listed.has(f.text))];
  const list = $('winning-families');
  list.replaceChildren();
  $('families-wrap').hidden = many.length === 0;
  for (const f of many.length > 0 ? shown : []) {
    const li = cell('li', f.text, BigInt(f.count) > 1n ? 'many' : 'single');
    li.dataset.heap = String(f.heap);
    li.dataset.count = String(f.count);
    list.appendChild(li);
  }
  const inFamilies = many.reduce((sum, f) => sum + BigInt(f.count), 0n);
  $('families-intro').textContent = many.length === 0 ? ''
    : `${many.length === 1 ? 'One family holds' : `${many.length} families hold`} ${inFamilies} of them: `
      + 'each line is a winning move for every a in its range'
      + (shown.length > many.length ? ', and the single moves after them are not in the list below.' : '.');
  const intro = $('moves-intro');
  const all = count !== null && BigInt(count) === BigInt(a.winning_moves.length);
  intro.hidden = count === null || a.winning_moves.length === 0 || (all && many.length === 0);
  if (a.convention === 'every' && count !== null && a.winning_moves.length > 0 && !all) {
    // Every-SG lists one turn, the one along every game's best line; the count is of every turn.
    intro.textContent = `Of the ${count} winning turns, the one along every game's best line (Jia Zhihao's theorem):`;
    return;
  }
  intro.textContent = all
    ? `All ${count}, one by one:`
    : `The first ${a.winning_moves.length} of ${count}, one by one`
      + (many.length > 0 ? '; with the families above they give every one:' : ':');
}

/** The panel of a position the server cannot analyse here: why, in the page's words. */
function analysisUnavailable(e) {
  clearAnalysis();
  $('outcome').textContent = 'not available (see below)';
  const box = $('analysis-error');
  fillMessage(box, e, 'No analysis of this position here: ');
  box.hidden = false;
}

function cell(tag, text, cls) {
  const c = document.createElement(tag);
  c.textContent = text;
  if (cls) c.className = cls;
  return c;
}

/** A column of the balance table by its weight, as the command line names it
 * (grundy::rules::nim::column_name): plain up to 1024, then by its bit, 2^k. */
const columnName = (c) => (BigInt(c) > 1024n ? `2^${BigInt(c).toString(2).length - 1}` : String(c));

/** The words of the balance table of the analysis `a`, as its game names its rows. */
const balanceWords = (a) => factsOf(a.game).balance
  ?? { title: 'Binary balance table of the heap values', rows: 'heap values', row: 'heap', moves: 'value' };

function drawBalance(a) {
  const t = a.balance;
  $('balance-wrap').hidden = !t;
  const table = $('balance');
  table.replaceChildren();
  $('xor-steps').replaceChildren();
  if (!t) return;
  // The game's words for its rows: heaps (Nim), exponents (the divisor game), heap values.
  const { rows, row, title } = balanceWords(a);
  $('balance-title').textContent = title;
  // The caption is outside the table's scrolling box, so that it wraps to the panel's width.
  $('balance-caption').textContent = `The ${rows} in binary, one column per power of two. The nim-sum, their `
    + 'XOR, has a 1 exactly in the columns with an odd number of 1s (unbalanced, marked ▲); it is 0 when every '
    + 'column is balanced.';
  const odd = (j) => (t.unbalanced[j] ? 'odd' : '');
  const head = document.createElement('tr');
  head.append(cell('th', ''), cell('th', 'value'));
  // Columns are powers of two up to 2^63: the large ones as 2^k (k from the binary digits).
  t.columns.forEach((c, j) => {
    const th = cell('th', columnName(c), odd(j));
    th.title = `${c}`;
    head.appendChild(th);
  });
  table.appendChild(head);
  t.rows.forEach((bits, i) => {
    const tr = document.createElement('tr');
    if (t.reducible.map(Number).includes(i)) tr.className = 'reducible';
    tr.append(cell('td', `${row} ${i + 1}`), cell('td', String(t.heaps[i]), 'value'));
    bits.forEach((bit, j) => tr.appendChild(cell('td', String(bit), odd(j))));
    table.appendChild(tr);
  });
  const ones = document.createElement('tr');
  ones.className = 'ones';
  ones.append(cell('td', '1s'), cell('td', ''));
  t.ones.forEach((o, j) => ones.appendChild(cell('td', String(o), odd(j))));
  table.appendChild(ones);
  const marks = document.createElement('tr');
  marks.className = 'unbalanced-row';
  marks.append(cell('td', 'unbalanced'), cell('td', ''));
  t.unbalanced.forEach((u, j) => {
    const td = cell('td', u ? '▲' : '', u ? 'odd marker' : '');
    if (u) td.title = 'an odd number of 1s';
    marks.appendChild(td);
  });
  table.appendChild(marks);
  const sum = document.createElement('tr');
  sum.className = 'sum';
  sum.append(cell('td', 'nim-sum'), cell('td', String(t.nim_sum), 'value'));
  t.columns.forEach((c, j) => sum.appendChild(cell('td', (BigInt(t.nim_sum) & BigInt(c)) ? '1' : '0', odd(j))));
  table.appendChild(sum);
  drawXorWorking(a, row);
  markScrolling();
}

/**
 * The working beside the table: the nim-sum s, then for each row v XOR s, the value the row
 * must be lowered to, and what that means in the game (take how many, or a move to that value).
 */
function drawXorWorking(a, row) {
  const t = a.balance;
  const s = BigInt(t.nim_sum);
  const values = t.heaps.map(BigInt);
  $('xor-sum').textContent = `nim-sum s = ${values.join(' XOR ')} = ${s}`;
  const steps = $('xor-steps');
  const step = (text, cls, heap) => {
    const li = cell('li', text, cls);
    if (heap !== undefined) li.dataset.heap = String(heap);
    steps.appendChild(li);
  };
  if (a.convention !== 'normal') {
    step('Misère play: this balance decides while two or more rows are larger than 1; near the end the rule '
      + 'changes (see the winning moves and the reasoning).', 'note');
    return;
  }
  if (s === 0n) {
    step('s = 0: every column is balanced. Any move changes one row and unbalances a column, so the player to '
      + 'move loses against best play.', 'note');
    return;
  }
  // In Nim a row is the heap ('take'); in the divisor game an exponent, lowered by dividing
  // ('lower'); in other games a heap's value, and a move may also raise it ('value').
  const { moves } = balanceWords(a);
  const plain = moves !== 'value';
  const movesOf = (i) => (a.winning_families || a.winning_moves).some((m) => Number(m.heap) === i + 1);
  values.forEach((v, i) => {
    const target = v ^ s;
    let verdict;
    if (target < v) {
      verdict = moves === 'take'
        ? `take ${v - target}, leaving ${target}`
        : moves === 'lower' ? `lower it by ${v - target} to ${target}` : `a move to value ${target} wins`;
    } else if (plain) {
      verdict = `${target} is not smaller than ${v}: no winning move here`;
    } else if (movesOf(i)) {
      verdict = `${target} is larger, but a move of this ${row} leaves value ${target}: it wins`;
    } else if (a.winning_moves_not_listed) {
      verdict = `${target} is larger: a winning move here only if a move leaves value ${target}`;
    } else {
      verdict = `${target} is larger, and no move of this ${row} leaves value ${target}`;
    }
    const wins = target < v || (!plain && movesOf(i));
    step(`${row} ${i + 1}: ${v} XOR ${s} = ${target} → ${verdict}`, wins ? 'wins' : 'no', i + 1);
  });
}

// ---- the Grundy sequence plot ---------------------------------------------------------------

/**
 * Whether a game, as typed, is a heap ruleset (it has a Grundy sequence to plot): not one of
 * the list's other games, written as their spelling (`divisor`) or with their parameters
 * (`kl:K,L` as `kl:2,3`).
 */
function isHeapRuleset(game) {
  return kindOf(game)?.heap_ruleset ?? true;
}

/** How many requests of the plot are under way. */
let plotRequests = 0;

/** The most heap sizes the plot shows (its range control stops here). */
const MAX_PLOT = 1000;

/**
 * How far the plot goes: the range chosen with its control, else a little past the largest
 * heap in play (at least 30, at most 120).
 */
function plotUpto() {
  if (state.plotUpto !== null) return state.plotUpto;
  const largest = state.tokens.map((t) => readToken(t).size).reduce((m, s) => (s !== null && s > m ? s : m), 0n);
  return largest + 4n > 120n ? 120 : Math.max(30, Number(largest) + 4);
}

/**
 * The sequence panel of a heap ruleset: G(0..upto) with its proven period and rule, or under
 * misère play who wins each single heap (`/api/sg?misere=true`), as the game is played.
 */
async function drawSequence() {
  const wrap = $('sg-plot-wrap');
  wrap.hidden = true;
  state.sequence = null;
  if (!isHeapRuleset(state.game)) return;
  const upto = plotUpto();
  const misere = state.misere;
  const game = state.gameNo;
  let sg;
  let failed = null;
  // The plot's requests under way, as `data-loading` on the plot's box (tests wait for none).
  plotRequests++;
  wrap.dataset.loading = String(plotRequests);
  try {
    sg = await api(`/api/sg?game=${encodeURIComponent(state.game)}&upto=${upto}${misere ? '&misere=true' : ''}`);
  } catch (e) {
    // The plot is extra: the game goes on without it. A misère refusal is said (the normal-play
    // values in its place would be wrong); any other failure only hides the plot.
    if (!misere || !(e instanceof ApiError) || e.kind === 'network') return;
    failed = e.message;
  } finally {
    plotRequests--;
    if (plotRequests > 0) wrap.dataset.loading = String(plotRequests);
    else delete wrap.dataset.loading;
  }
  if (state.gameNo !== game) return; // another game has started since
  const p = sg?.period;
  // At most MAX_PLOT + 1 values, each at most a few thousand: numbers hold them exactly.
  state.sequence = {
    misere,
    failed,
    upto,
    // Under misère play a bar where the player to move wins a heap of n alone (N), none where
    // they lose it (P).
    values: failed ? [] : misere ? [...sg.outcomes].map((o) => (o === 'N' ? 1 : 0)) : sg.values.map(Number),
    period: p && { preperiod: Number(p.preperiod), period: Number(p.period), saltus: Number(p.saltus) },
    rule: misere ? null : sg.rule,
    why: misere && !failed ? sg.why : null,
  };
  $('sg-title').textContent = misere ? 'Misère outcomes of single heaps' : 'Grundy sequence';
  showRule(state.sequence.rule);
  wrap.hidden = false;
  redrawSequence();
}

/**
 * The sequence's rule as grundy pattern finds it (GET /api/sg's `rule`): its words, and the
 * expression that grundy verify --sg checks further; hidden when the reply has none.
 */
function showRule(rule) {
  const box = $('sg-rule');
  box.hidden = !rule;
  if (!rule) return;
  $('sg-rule-words').textContent = rule.words;
  $('sg-rule-expression').textContent = rule.expression ? `grundy verify --game ${state.game} --sg '${rule.expression}'` : '';
}

/** The caption's sentence on the period: what it says of the values shown, and of those past them. */
function periodWords(p, shown, misere) {
  const what = misere ? 'the outcomes' : 'the values';
  if (!p) return misere ? '' : '; no period of these values is known, so no bands are shaded.';
  const past = p.preperiod >= shown ? ' (past this plot: widen it to see it)' : '';
  if (p.period === 1) {
    return p.saltus
      ? `; from n = ${p.preperiod} each value is ${p.saltus} more than the one before${past}.`
      : `; from n = ${p.preperiod} ${misere ? 'the outcome' : 'the value'} stays the same${past}.`;
  }
  return (p.preperiod < shown ? '; shaded bands mark the periods: ' : '; ')
    + `from n = ${p.preperiod} ${what} repeat every ${p.period}`
    + (p.saltus ? `, each period ${p.saltus} higher than the one before` : '') + `${past}.`;
}

/** Draws the cached sequence again with the current heap sizes marked. */
function redrawSequence() {
  const sg = state.sequence;
  if (!sg || $('sg-plot-wrap').hidden) return;
  // The range control: what is shown, and a button to take in the pre-period and two periods
  // when a proven period starts past the plot.
  $('sg-upto').value = String(sg.upto);
  const p = sg.period;
  const through = p ? Math.min(MAX_PLOT, p.preperiod + 2 * p.period) : null;
  const widen = $('sg-widen');
  widen.hidden = !(through !== null && through > sg.upto);
  if (!widen.hidden) {
    widen.textContent = `Show n = 0 to ${through}`;
    widen.dataset.upto = String(through);
  }
  if (sg.failed) {
    $('period').textContent = '';
    $('sg-plot').replaceChildren();
    $('plot-caption').textContent = `Who wins a single heap under misère play is not shown: ${sg.failed}`;
    return;
  }
  // The plotted heaps: those within the plot, as numbers.
  const sizes = state.tokens.map((t) => readToken(t).size).filter((s) => s !== null && s <= BigInt(MAX_PLOT)).map(Number);
  $('period').textContent = !p
    ? (sg.misere ? '(no period claimed)' : '(no period known)')
    : p.saltus === 0
      ? `(period ${p.period} from n = ${p.preperiod})`
      : `(G(n + ${p.period}) = G(n) + ${p.saltus} from n = ${p.preperiod})`;
  // Drawn at the width it shows at, so that its labels keep their size on a phone.
  const width = Math.round($('sg-plot').clientWidth) || 560;
  const last = sg.values.length - 1;
  $('sg-plot').replaceChildren(plot(sg.values, p, new Set(sizes), width, sg.misere ? ['P', 'N'] : null));
  const inPlay = 'red bars are the heaps in play' + (sizes.some((n) => n > last) || sizes.length < state.tokens.length
    ? ' (those past the plot are not shown)' : '');
  $('plot-caption').textContent = (sg.misere
    ? `Misère play (the last move loses): who wins a heap of n alone, for n = 0 to ${last}; a bar where the player `
      + `to move wins (N), none where they lose (P); ${inPlay}`
    : `G(n) for each heap size n from 0 to ${last}; ${inPlay}`) + periodWords(p, sg.values.length, sg.misere)
    + (sg.misere && sg.why ? ` Known by ${sg.why}.` : '');
}

/** Plots the sequence again up to `upto` (the range control), within 10 to MAX_PLOT. */
function setPlotRange(upto) {
  if (!Number.isInteger(upto)) return;
  state.plotUpto = Math.min(MAX_PLOT, Math.max(10, upto));
  drawSequence();
}

/**
 * An SVG bar chart of G(0..upto), `W` pixels wide (the width it shows at, at least 280), periods
 * shaded in turn and the current heap sizes marked.
 */
function plot(values, period, marked, width = 560, yNames = null) {
  const NS = 'http://www.w3.org/2000/svg';
  const W = Math.max(280, width), H = W < 450 ? 170 : 200, left = 34, bottom = 26, top = 10;
  const maxV = Math.max(1, ...values);
  const bw = (W - left - 6) / values.length;
  const y = (v) => top + (H - top - bottom) * (1 - v / maxV);
  const svg = document.createElementNS(NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', (yNames ? 'Misère outcomes of heaps' : 'Grundy values G(n)') + ' for n = 0 to ' + (values.length - 1));
  const el = (name, attrs, text) => {
    const e = document.createElementNS(NS, name);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  };
  if (period && period.period > 1) {
    for (let s = period.preperiod, k = 0; s < values.length; s += period.period, k++) {
      if (k % 2 === 0) {
        el('rect', { x: left + s * bw, y: top, width: Math.min(period.period, values.length - s) * bw, height: H - top - bottom, fill: '#eef3fc' });
      }
    }
  }
  for (let v = 0; v <= maxV; v += Math.max(1, Math.ceil(maxV / 5))) {
    el('line', { x1: left, x2: W - 4, y1: y(v), y2: y(v), stroke: '#e3e7ee' });
    el('text', { x: left - 5, y: y(v) + 4, 'text-anchor': 'end', 'font-size': 12, fill: '#5b6575' }, yNames?.[v] ?? String(v));
  }
  values.forEach((v, n) => {
    const bar = el('rect', {
      x: left + n * bw + bw * 0.12, y: y(v), width: Math.max(1, bw * 0.76), height: Math.max(0, H - bottom - y(v)),
      fill: marked.has(n) ? '#d9463b' : '#2f6fdb',
    });
    bar.appendChild(document.createElementNS(NS, 'title')).textContent = yNames ? `heap of ${n}: ${yNames[v]}` : `G(${n}) = ${v}`;
    if (marked.has(n)) {
      // A tick under the axis, so that a heap whose value is 0 (no bar) is marked too.
      el('rect', { x: left + n * bw + bw * 0.12, y: H - bottom + 1, width: Math.max(1, bw * 0.76), height: 3, fill: '#d9463b' });
    }
  });
  // About one label per 45 pixels, at multiples of 5.
  const step = Math.max(1, Math.ceil(values.length / Math.max(1, Math.floor((W - left) / 45)) / 5) * 5);
  for (let n = 0; n < values.length; n += step) {
    el('text', { x: left + (n + 0.5) * bw, y: H - bottom + 16, 'text-anchor': 'middle', 'font-size': 12, fill: '#5b6575' }, String(n));
  }
  return svg;
}

// ---- setup --------------------------------------------------------------------------------

/**
 * A random position of `game` from the game's own generator in the library (`/api/random`),
 * as the position box shows it; `graph` is the text of the edges of a game on a graph.
 */
async function randomPosition(game, graph) {
  const request = { game, seed: seed() };
  if (usesGraphText(game)) request.graph = graph;
  return (await api('/api/random', request)).position;
}

/** The game's entry in the list, when the selector names one. */
const presetGame = () => state.games.find((g) => g.example_game === $('preset').value);

/** "K-Nim — bounded:3": the game's name for people, and how it is written when that differs. */
function presetLabel(g) {
  const name = g.name.charAt(0).toUpperCase() + g.name.slice(1);
  return name.toLowerCase() === g.example_game ? name : `${name} — ${g.example_game}`;
}

/** Fills the game selector from the list, the "type the game" entry last. */
function buildPresets(games) {
  const select = $('preset');
  const custom = select.querySelector('option[value="custom"]');
  for (const g of games) {
    const o = document.createElement('option');
    o.value = g.example_game;
    o.textContent = presetLabel(g);
    o.title = `A move: ${g.a_move.replaceAll('`', '')}.`;
    select.insertBefore(o, custom);
  }
  select.value = games.length > 0 ? games[0].example_game : 'custom';
  $('custom-label').hidden = select.value !== 'custom';
  updateGraphField();
}

$('preset').addEventListener('change', () => {
  const g = presetGame();
  $('custom-label').hidden = g !== undefined;
  if (g) $('position').value = g.example_position;
  updateGraphField();
});
$('game').addEventListener('input', updateGraphField);
/**
 * Sets the setup form to the game just played (the person may have changed the form since) with
 * `position`, and starts it: "Play again" and "New random position" once a game is over.
 */
function again(position) {
  // A graph's entry is written graph:FILE in the list; a request names the game as its facts say.
  const entry = state.games.find((g) => g.example_game === state.game || g.facts?.request_game === state.game);
  const preset = entry ? entry.example_game : 'custom';
  $('preset').value = preset;
  $('custom-label').hidden = preset !== 'custom';
  $('game').value = state.game;
  $('position').value = position;
  if (usesGraphText(state.game)) $('graph-text').value = state.graph;
  updateGraphField();
  $('misere').checked = state.misere;
  $('every').checked = state.every;
  $('level').value = state.level;
  $('computer-first').checked = state.human === 'second';
  newGame();
}

$('play-again').addEventListener('click', () => again(state.start.join(' ')));
$('new-random').addEventListener('click', async () => {
  try {
    again(await randomPosition(state.game, state.graph));
  } catch (e) {
    showError(e);
  }
});
$('random').addEventListener('click', async () => {
  try {
    $('position').value = await randomPosition(gameName(), $('graph-text').value);
  } catch (e) {
    showError(e);
    return;
  }
  newGame();
});
$('setup').addEventListener('submit', newGame);
// Misère play and Every-SG are two conventions: choosing one clears the other.
$('sg-upto').addEventListener('change', () => setPlotRange(Number($('sg-upto').value)));
$('sg-widen').addEventListener('click', () => setPlotRange(Number($('sg-widen').dataset.upto)));
$('misere').addEventListener('change', () => { if ($('misere').checked) $('every').checked = false; });
$('every').addEventListener('change', () => { if ($('every').checked) $('misere').checked = false; });
$('typed').addEventListener('submit', (e) => {
  e.preventDefault();
  const text = $('move-text').value.trim();
  // The typed move stays in the field when it was not played, so that it can be corrected.
  if (text) humanMove(text).then((played) => { if (played) $('move-text').value = ''; });
});
$('undo').addEventListener('click', undo);
$('cancel').addEventListener('click', cancel);
// The analysis tells the winning moves, which spoils the game for a student: it is hidden until
// the person asks for it, and the page remembers their choice (localStorage).
const SHOW_ANALYSIS_KEY = 'grundy.showAnalysis';

function analysisWanted() {
  try {
    return window.localStorage.getItem(SHOW_ANALYSIS_KEY) === 'shown';
  } catch (e) {
    return false; // storage refused (e.g. a locked-down browser): hidden, as at first
  }
}

function showAnalysisPanel(shown) {
  $('analysis-body').hidden = !shown;
  $('analysis-note').hidden = shown;
  $('toggle-analysis').textContent = shown ? 'Hide analysis' : 'Show analysis';
  $('toggle-analysis').setAttribute('aria-expanded', String(shown));
  // Widths are known only once the panel shows.
  if (shown) refit();
}

/** Fits what depends on the panel's width to it: the plot's size, the marks of what scrolls. */
function refit() {
  markScrolling();
  redrawSequence();
}

window.addEventListener('resize', refit);
$('why').addEventListener('toggle', markScrolling);

$('toggle-analysis').addEventListener('click', () => {
  const shown = $('analysis-body').hidden;
  try {
    window.localStorage.setItem(SHOW_ANALYSIS_KEY, shown ? 'shown' : 'hidden');
  } catch (e) {
    // not remembered, but shown for now
  }
  showAnalysisPanel(shown);
});
showAnalysisPanel(analysisWanted());

/** Loads the list of games, builds the selector from it, and starts the first game. */
async function init() {
  try {
    state.games = await api('/api/games');
  } catch (e) {
    showError(`The list of games did not load (${describe(e).text}) Type the game's name instead.`);
  }
  buildPresets(state.games);
  $('board').addEventListener('click', boardClick);
  await newGame();
}

init();
