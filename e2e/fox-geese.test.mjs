// Fox and Geese on the page (issue 81, item 5): the board is a checkerboard whose dark squares
// are those the pieces stand on, the geese and the fox distinct tokens (blue discs, a larger
// red one), and the game is played to its end by clicks, at 1280 and 390 px: each turn the
// person clicks a goose (the last one that can step, so that picking is exercised), then a
// square it steps to, every click target at least 40 x 40 CSS px; the computer's fox answers
// until one side has no move. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, start, settled, forgetStatus } from './lib.mjs';

/** The least side of a click target, in CSS px. */
const MIN = 40;

/** A small board of 4 rows: the fox on top, two geese below; every game on it ends. */
const BOARD = '..F...../......../......../.G.G....';

/** What the drawing shows: its squares, pieces, and each shown target's box in CSS px. */
const look = (page) => page.evaluate(() => {
  const box = document.querySelector('#board .drawing');
  const rect = (e) => e.getBoundingClientRect();
  const centre = (e) => { const r = rect(e); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; };
  const inside = (p, r) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom;
  const dark = [...box.querySelectorAll('rect.cell.dark')].map(rect);
  const light = [...box.querySelectorAll('rect.cell:not(.dark)')].map(rect);
  const piece = (e) => ({ cls: e.getAttribute('class'), fill: getComputedStyle(e).fill, r: Number(e.getAttribute('r')), onDark: dark.some((d) => inside(centre(e), d)) });
  const geese = [...box.querySelectorAll('circle.obj')].map(piece);
  const foxes = [...box.querySelectorAll('circle.queen')].map(piece);
  const targets = [];
  for (const e of box.querySelectorAll('[data-move], [data-pick]')) {
    if (e.closest('[display="none"]')) continue;
    const r = rect(e.querySelector('[data-hit]') ?? e);
    targets.push({ key: e.getAttribute('data-move') ?? `pick ${e.getAttribute('data-pick')}`, w: r.width, h: r.height });
  }
  const picks = [...new Set([...box.querySelectorAll('[data-pick]')].map((e) => e.getAttribute('data-pick')))];
  return { dark: dark.length, light: light.length, geese, foxes, targets, picks };
});

/** The targets smaller than MIN x MIN CSS px. */
const small = (targets) => targets.filter((t) => t.w < MIN - 0.5 || t.h < MIN - 0.5)
  .map((t) => `'${t.key}' is ${t.w.toFixed(1)} x ${t.h.toFixed(1)} px`);

/** The centre of the first shown target that makes a move, on top at its centre. */
const targetOnTop = (page) => page.evaluate(() => {
  for (const e of document.querySelectorAll('#board .drawing [data-move]')) {
    if (e.closest('[display="none"]')) continue;
    e.scrollIntoView({ block: 'center' });
    const r = e.getBoundingClientRect();
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (document.elementFromPoint(x, y)?.closest('[data-move]') === e) return { x, y, move: e.getAttribute('data-move') };
  }
  return null;
});

for (const width of [1280, 390]) {
  test(`Fox and Geese is drawn as a checkerboard and played to its end by clicks at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    try {
      const what = `${width} px, fox-and-geese ${BOARD}`;
      const { page, errors, failed } = await start(browser.context, { preset: 'fox-and-geese', position: BOARD });
      const first = await look(page);
      // 4 rows of 8: 16 dark squares, 16 light; two geese and a fox, each on a dark square.
      assert.equal(first.dark, 16, `${what}: dark squares`);
      assert.equal(first.light, 16, `${what}: light squares`);
      assert.equal(first.geese.length, 2, `${what}: geese ${JSON.stringify(first.geese)}`);
      assert.equal(first.foxes.length, 1, `${what}: one fox`);
      for (const p of [...first.geese, ...first.foxes]) assert.ok(p.onDark, `${what}: a piece off the dark squares: ${JSON.stringify(p)}`);
      assert.notEqual(first.geese[0].fill, first.foxes[0].fill, `${what}: the geese and the fox look different`);
      assert.ok(first.foxes[0].r > first.geese[0].r, `${what}: the fox is the larger token`);
      let turns = 0;
      for (; ; turns++) {
        assert.ok(turns < 40, `${what}: the game ends`);
        if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
        const before = await look(page);
        assert.deepEqual(small(before.targets), [], `${what}, turn ${turns}: targets too small`);
        assert.ok(before.picks.length > 0, `${what}, turn ${turns}: a goose to pick`);
        // Click a goose (the last that can step), then the first square it steps to.
        const pick = before.picks[before.picks.length - 1];
        await page.click(`#board .drawing [data-pick="${pick}"] >> nth=0`);
        const picked = await look(page);
        assert.deepEqual(small(picked.targets), [], `${what}, turn ${turns}, ${pick} picked: targets too small`);
        const at = await targetOnTop(page);
        assert.ok(at, `${what}, turn ${turns}: a square to step to`);
        assert.ok(at.move.startsWith(pick), `${what}: the target shown moves the goose picked (${pick}): ${at.move}`);
        await forgetStatus(page, 'moving');
        await page.mouse.click(at.x, at.y);
        await settled(page);
      }
      assert.ok(turns >= 2, `${what}: the game lasted ${turns} turns`);
      const status = await page.textContent('#status');
      assert.match(status, /^(You win|The computer wins)/, `${what}: the status says who won: ${status}`);
      const words = await page.$$eval('#board .drawing text', (ts) => ts.map((t) => t.textContent).join(' '));
      assert.match(words, /has no move: (Left|Right) wins/, `${what}: the drawing says who won: ${words}`);
      assert.deepEqual(errors, [], what);
      assert.deepEqual(failed, [], what);
      await page.close();
    } finally {
      await browser.close();
    }
  });
}
