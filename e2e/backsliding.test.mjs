// Backsliding Toads and Frogs on the page (issue 81, item 6): the strip drawn as Toads and
// Frogs draws it, and a won game (`T..F`, value *: the first player wins) played to its end by
// clicks at 1280 and 390 px, each turn the panel's fastest winning move made on the drawing: one
// click on a piece with one move, or the piece, then the cell it goes to, where it can go
// forward or back; every click target at least 40 x 40 CSS px. A drawn strip (`FF..TT`) is said
// to be drawn. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, start, settled, forgetStatus, winningMoves, centreOfMove } from './lib.mjs';

/** The least side of a click target, in CSS px. */
const MIN = 40;

/** The shown targets (moves and picks) of the drawing smaller than MIN x MIN CSS px. */
const small = (page) => page.evaluate((min) => {
  const out = [];
  for (const e of document.querySelectorAll('#board .drawing [data-move], #board .drawing [data-pick]')) {
    if (e.closest('[display="none"]')) continue;
    const r = (e.querySelector('[data-hit]') ?? e).getBoundingClientRect();
    if (r.width < min - 0.5 || r.height < min - 0.5) out.push(`${e.getAttribute('data-move') ?? e.getAttribute('data-pick')}: ${r.width} x ${r.height}`);
  }
  return out;
}, MIN);

for (const width of [1280, 390]) {
  test(`Backsliding Toads and Frogs T..F is played to a win by clicks at ${width} px`, async () => {
    const browser = await launch({ width, height: 900 });
    try {
      const what = `${width} px, backsliding-toads-frogs T..F`;
      const { page, errors, failed } = await start(browser.context, { preset: 'backsliding-toads-frogs', position: 'T..F' });
      const cells = await page.$$eval('#board .drawing rect.cell', (rs) => rs.length);
      assert.equal(cells, 4, `${what}: four cells`);
      assert.equal(await page.$$eval('#board .drawing circle.obj', (cs) => cs.length), 1, `${what}: one toad`);
      assert.equal(await page.$$eval('#board .drawing circle.queen', (cs) => cs.length), 1, `${what}: one frog`);
      let picked = 0;
      let turns = 0;
      for (; ; turns++) {
        assert.ok(turns < 20, `${what}: the game ends`);
        if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
        assert.deepEqual(await small(page), [], `${what}, turn ${turns}: targets too small`);
        const wins = await winningMoves(page);
        assert.ok(wins.length > 0, `${what}, turn ${turns}: a won position lists a winning move`);
        const move = wins[0].move ?? wins[0].text;
        await forgetStatus(page, 'moving');
        // A piece that can go forward or back is picked, then the cell it goes to is clicked;
        // a piece with one move is clicked once.
        const from = move.split('-')[0];
        if (await page.$(`#board .drawing [data-pick="${from}"]`)) {
          await page.click(`#board .drawing [data-pick="${from}"] >> nth=0`);
          assert.deepEqual(await small(page), [], `${what}, turn ${turns}, ${from} picked: targets too small`);
          picked++;
        }
        const at = await centreOfMove(page, move);
        assert.ok(at, `${what}, turn ${turns}: the drawing makes the winning move ${move}`);
        await page.mouse.click(at.x, at.y);
        await settled(page);
      }
      assert.ok(turns >= 2, `${what}: the game lasted ${turns} turns`);
      assert.equal(await page.getAttribute('#status', 'data-winner'), 'you', `${what}: the first player wins`);
      const words = await page.$$eval('#board .drawing text', (ts) => ts.map((t) => t.textContent).join(' '));
      assert.match(words, /Right has no move: Left wins/, `${what}: the drawing says who won: ${words}`);
      // In .TF. the toad can jump or step back: it is picked, then its cell.
      assert.ok(picked >= 1, `${what}: a piece was picked`);
      assert.deepEqual(errors, [], what);
      assert.deepEqual(failed, [], what);
      await page.close();
    } finally {
      await browser.close();
    }
  });
}

test('Backsliding Toads and Frogs FF..TT is said to be drawn', async () => {
  const browser = await launch({ width: 1280, height: 900 });
  try {
    const { page, errors, failed } = await start(browser.context, { preset: 'backsliding-toads-frogs', position: 'FF..TT' });
    assert.match(await page.textContent('#outcome'), /^D: a draw/);
    // Each toad can step back: the one on cell 5 with one move, clicked once.
    assert.ok(await centreOfMove(page, '5-4'), 'the toad on cell 5 steps back in one click');
    assert.deepEqual(errors, []);
    assert.deepEqual(failed, []);
    await page.close();
  } finally {
    await browser.close();
  }
});
