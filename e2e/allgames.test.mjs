// Every game of the page's selector (/api/games), at 1280 and at 390 px: a short game of it
// (its example, or a smaller position where the example would take long) is played to the
// end. The person's moves are made in turn by clicking a shape of the drawing that makes one
// ([data-move], as a person would) and by typing the example the page offers under the move
// box (a legal move of the position, in the game's own words); every game has at least one
// move made on the board. After each move the log grows by one line per move, the computer
// answers, no error shows, every clickable element of the board makes a move, and the page is
// no wider than the screen; after each game no request failed and the page logged no error.
// One page per width, the games in turn. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus, moveOnTop, pickUntilMove } from './lib.mjs';

/** Waits for the page to answer: the person's move, the end, or an error (which `check` reports). */
const answered = (page, what) => page.waitForFunction(
  () => ['your-move', 'win', 'lose', 'draw', 'error'].includes(document.getElementById('status').dataset.state),
  null, { timeout: 20000 },
).catch((e) => { throw new Error(`${what}: no answer (${e.message})`); });

/**
 * A smaller position of the same game where the catalogue's example would take long to play
 * out: a game here lasts a few moves.
 */
const SHORT = {
  nim: '2 3',
  // A strip whose every game ends (T..F can be played back and forth for ever).
  'backsliding-toads-frogs': 'T.F',
  'bounded:3': '4 2',
  bounded: '3/2 4/3',
  'bash:4': '7',
  'subtraction:2,5': '9',
  'allbut:3': '5 4',
  'octal:0.16': '8',
  'hex:0.8': '9',
  kayles: '5 3',
  'dawsons-kayles': '6',
  'dawsons-chess': '5',
  officers: '6',
  'grundys-game': '7',
  'kl:2,3': '3 4',
  divisor: '72',
  euclid: '7 3',
  chips: '1 3 6',
  wythoff: '3 5',
  'fibonacci-nim': '10',
  'multiple:3': '9',
  multiplication: '30',
  staircase: '2 1 2',
  'moore:2': '2 3 1',
  'take-or-split:2': '2 3',
  'circle:kayles': '5 line:3',
  cutting: '3x2 2x2',
  turtles: '3 5',
  'mock-turtles': '1 2 5',
  ruler: '3 6',
  'coins-2d:turtlesxturtles': '1,1 2,2',
  'graph:edges.txt': 'c',
  hackenbush: '0-1,1-2 0-1',
  sum: 'nim=2 subtraction:2,5=3 bounded:3=2',
};

/** What the page shows that a test checks after every step. */
async function check(page, what) {
  const error = await page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));
  assert.equal(error, '', `${what}: no error shows`);
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth, inner: window.innerWidth,
  }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide on a ${inner} px screen`);
  // Every element of the board that a person can click makes a move: it carries data-move
  // (a token of the drawing picked to show its moves carries data-pick).
  const silent = await page.$$eval('#board button, #board [role=button], #board .move, #board a, #board .pick',
    (es) => es.filter((e) => !e.hasAttribute('data-move') && !e.hasAttribute('data-pick')).map((e) => e.outerHTML.slice(0, 80)));
  assert.deepEqual(silent, [], `${what}: clickable board elements without a move`);
}

/** Starts `position` of the selector's game `preset` through the setup form. */
async function startGame(page, preset, position) {
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await answered(page, `${preset} ${position}`);
}

/**
 * The person's move: with `board`, a shape of the drawing that makes one, clicked; else (or
 * when the board has none) the example under the move box, typed.
 */
async function move(page, what, board) {
  // The first shape that makes a move and is shown (after the picks that show one, where a
  // move takes several clicks), clicked with the mouse where it is on top.
  if (board) await pickUntilMove(page);
  const point = board && await moveOnTop(page);
  if (point) {
    await page.mouse.click(point.x, point.y);
    return 'board';
  }
  const example = await page.$('#move-syntax button.example');
  assert.ok(example, `${what}: the page offers a legal move to type`);
  await example.click();
  assert.notEqual(await page.inputValue('#move-text'), '', `${what}: the example is typed in the move box`);
  await page.press('#move-text', 'Enter');
  return 'typed';
}

for (const width of [1280, 390]) {
  test(`every game of the selector starts and plays to the end at ${width} px`, async () => {
    const browser = await launch({ width, height: width > 500 ? 900 : 844 });
    try {
      const { page, errors, failed } = await open(browser.context);
      await settled(page);
      const games = await page.evaluate(() => fetch('/api/games').then((r) => r.json()));
      assert.ok(games.length >= 34, 'the list of games');
      for (const g of games) {
        let onBoard = 0;
        const what = `${g.example_game} at ${width} px`;
        // A short game of it: started, its move box hinting this game's syntax, played to the end.
        const position = SHORT[g.example_game] ?? g.example_position;
        await startGame(page, g.example_game, position);
        await check(page, `${what}, ${position}`);
        assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move', what);
        const forms = g.move_syntax.split('`').filter((_, k) => k % 2 === 1);
        assert.equal(await page.getAttribute('#move-text', 'placeholder'), forms.join('  ·  '), `${what}: the hint`);
        assert.equal(await page.inputValue('#move-text'), '', `${what}: the move box starts empty`);
        for (let turn = 0; ; turn++) {
          assert.ok(turn < 30, `${what}: the game ends`);
          const state = await page.getAttribute('#status', 'data-state');
          if (state !== 'your-move') {
            assert.ok(['win', 'lose', 'draw'].includes(state), `${what}: ends with a result, not ${state}`);
            break;
          }
          const before = await page.locator('#log li').count();
          await forgetStatus(page, 'moving');
          const how = await move(page, `${what}, turn ${turn + 1}`, turn % 2 === 0);
          if (how === 'board') onBoard++;
          await answered(page, `${what}, turn ${turn + 1}`);
          await check(page, `${what}, after move ${turn + 1} (${how})`);
          const after = await page.locator('#log li').count();
          const over = (await page.getAttribute('#status', 'data-state')) !== 'your-move';
          // The person's move, then the computer's answer (none when the person's move ended it).
          assert.ok(after === before + 2 || (over && after === before + 1), `${what}: the log grew from ${before} to ${after}`);
          // The position box holds the position on the board, as analyze reads it back.
          assert.notEqual(await page.inputValue('#position'), '', what);
        }
        assert.ok(onBoard > 0, `${what}: a move made on the board`);
        // The plot of the Grundy sequence comes after the position: it must not fail either.
        await page.waitForFunction(() => !document.getElementById('sg-plot-wrap').dataset.loading, null, { timeout: 20000 });
        assert.deepEqual(errors.splice(0), [], `${what}: errors of the page`);
        assert.deepEqual(failed.splice(0), [], `${what}: failed requests`);
      }
      await page.close();
    } finally {
      await browser.close();
    }
  });
}
