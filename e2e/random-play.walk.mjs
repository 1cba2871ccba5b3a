// The walk of issue 49's first "Done when" line, too long for every CI run; run it by name,
// `E2E_TEST_TIMEOUT_MS=7200000 WALK_SEEDS=20 bash e2e/run.sh random-play.walk.mjs`
// (WALK_WIDTHS=390 for one width, WALK_ONLY=graph,hackenbush for some games alone). For every
// game of the page's selector, WALK_SEEDS random positions ("Random"), each accepted by
// /api/analyze and played to the end by clicking a random target of the drawing (a control's
// Play where it draws none), at 1280 and 390 px. Prints a line a game and width: the games
// played, the moves clicked, the longest game. The walk's own choices start afresh at each
// game (the positions are the page's, random each run).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus, centreOfMove, pickUntilMove, picksShown } from './lib.mjs';

const SEEDS = Number(process.env.WALK_SEEDS ?? 20);
// WALK_FROM=GAME starts at that game of the selector (a walk stopped part way goes on).
const FROM = process.env.WALK_FROM ?? null;
// WALK_ONLY=GAME,GAME walks only these games of the selector (a game added later walked
// alone): each as the selector writes it (`graph:edges.txt`), or its family before the colon
// where no entry is written so (`graph`).
const ONLY = process.env.WALK_ONLY ? process.env.WALK_ONLY.split(',').map((g) => g.trim()).filter((g) => g !== '') : null;

/** The selector's games that WALK_ONLY names; an error naming a name that matches none. */
function only(games, names) {
  const out = new Set();
  for (const name of names) {
    const exact = games.filter((g) => g.example_game === name);
    const found = exact.length > 0 ? exact : games.filter((g) => g.example_game.split(':')[0] === name);
    assert.ok(found.length > 0, `WALK_ONLY: '${name}' is no game of the selector (${games.map((g) => g.example_game).join(', ')})`);
    for (const g of found) out.add(g);
  }
  return games.filter((g) => out.has(g));
}
/** The picks found under another shape, said at the end of each width. */
const covered = new Set();
const MOST_MOVES = 400;
const OVER = ['win', 'lose', 'draw'];

/** Waits until the page is ready for a click or the game is over; returns the state. */
async function ready(page) {
  await page.waitForFunction(
    () => ['your-move', 'win', 'lose', 'draw', 'error'].includes(document.getElementById('status').dataset.state),
    null, { timeout: 60000 },
  );
  return page.getAttribute('#status', 'data-state');
}

/** Clicks a random target of the drawing (picking a token or coin first where targets need one). */
async function clickSomeMove(page, rng) {
  // The picks shown (a pick that only a pick shows, where an amazon goes, is followed below).
  const picks = await picksShown(page);
  const shown = () => page.evaluate(() => {
    const out = [];
    // The drawing's own targets; a control's Play (its fields at their least values, which
    // may make no legal move) only where the drawing offers none.
    for (const where of ['#board .drawing [data-move]', '#board [data-move]']) {
      for (const e of document.querySelectorAll(where)) {
        if (e.closest('[display="none"]')) continue;
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        out.push(e.getAttribute('data-move'));
      }
      if (out.length > 0) break;
    }
    return out;
  });
  // A token or coin picked first shows its moves; where none shows at once, each pick is
  // tried in a random order until one does.
  const order = picks.map((p) => [rng(), p]).sort((a, b) => a[0] - b[0]).map(([, p]) => p);
  let points = await shown();
  if (picks.length > 0 && (points.length === 0 || rng() < 0.5)) {
    for (const pick of order) {
      // A pick under another shape cannot be clicked: said, and another tried.
      try {
        await page.click(`#board .drawing [data-pick="${pick}"] >> nth=0`, { timeout: 3000 });
      } catch {
        covered.add(`pick ${pick} of ${await page.inputValue('#position')}`);
        continue;
      }
      points = await shown();
      if (points.length > 0) break;
    }
    // A pick that shows further picks (an amazon, then where it goes): followed to a move.
    if (points.length === 0) {
      await pickUntilMove(page);
      points = await shown();
    }
  }
  if (points.length === 0) return null;
  const move = points[Math.floor(rng() * points.length)];
  const point = await centreOfMove(page, move, '#board');
  // A click on another shape would make no move, and the walk would wait for one: said now.
  const top = await page.evaluate(([x, y]) => {
    const e = document.elementFromPoint(x, y);
    const target = e?.closest('[data-move]');
    return target ? target.getAttribute('data-move') : (e ? e.outerHTML.slice(0, 160) : 'nothing');
  }, [point.x, point.y]);
  assert.equal(top, move, `${await page.inputValue('#position')}: at the centre of '${move}' lies ${top}`);
  await forgetStatus(page, 'moving');
  await page.mouse.click(point.x, point.y);
  return move;
}

const WIDTHS = (process.env.WALK_WIDTHS ?? '1280,390').split(',').map(Number);

for (const width of WIDTHS) {
  test(`random positions of every game are played to the end by clicking at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    let seed = 12345;
    const rng = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    try {
      const { page, errors, failed } = await open(browser.context);
      await settled(page);
      const games = await page.evaluate(() => fetch('/api/games').then((r) => r.json()));
      const refused = [];
      const selector = await page.$$eval('#preset option', (os) => os.map((o) => o.value));
      const listed = games.filter((g) => selector.includes(g.example_game));
      const walked = ONLY === null ? listed : only(listed, ONLY);
      const from = FROM === null ? 0 : Math.max(0, walked.findIndex((g) => g.example_game.startsWith(FROM)));
      for (const g of walked.slice(from)) {
        seed = [...g.example_game].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 2147483648, 12345);
        await page.selectOption('#preset', g.example_game);
        let clicked = 0;
        let longest = 0;
        for (let k = 0; k < SEEDS; k++) {
          await forgetStatus(page, 'starting');
          await page.click('#random');
          let state = await ready(page);
          const position = await page.inputValue('#position');
          const what = `${g.example_game} ${position} (${width} px)`;
          assert.equal(state, 'your-move', `${what}: ${await page.textContent('#status')}`);
          const accepted = await page.evaluate(() => fetch('/api/analyze', {
            method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(problem()),
          }).then((r) => r.status));
          assert.equal(accepted, 200, `${what}: /api/analyze`);
          let moves = 0;
          while (!OVER.includes(state)) {
            assert.equal(state, 'your-move', `${what}: ${await page.textContent('#status')}`);
            const played = await clickSomeMove(page, rng);
            assert.ok(played !== null || moves > 0, `${what}: a target to click`);
            if (played === null) break;
            moves += 1;
            if (failed.filter((f) => f.includes('/api/move')).length > refused.length) {
              refused.push(`${what}: '${played}' refused`);
              console.log(`refused: ${what}: '${played}' (${await page.textContent('#error')})`);
            }
            assert.ok(moves <= MOST_MOVES, `${what}: over ${MOST_MOVES} moves`);
            state = await ready(page);
            assert.notEqual(state, 'error', `${what}: ${await page.textContent('#error')}`);
          }
          assert.ok(OVER.includes(state), `${what}: the game ends (${state})`);
          clicked += moves;
          longest = Math.max(longest, moves);
        }
        console.log(`${width} px ${g.example_game}: ${SEEDS} games to the end, ${clicked} moves clicked, longest ${longest}`);
      }
      console.log(`${width} px: ${refused.length} moves refused by the server`);
      for (const c of covered) console.log(`${width} px: covered, not clickable: ${c}`);
      assert.deepEqual(errors, []);
      assert.deepEqual(failed.filter((f) => !f.includes('/api/move')), []);
      await page.close();
    } finally {
      await browser.close();
    }
  });
}
