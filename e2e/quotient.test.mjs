// The misère quotient's multiplication table under "Why" (Plambeck and Siegel): misère Kayles
// (40 elements) and octal:0.75 (8) show the server's drawing with a cell per pair of elements,
// each the product /api/analyze draws, the cells in P marked and the legend saying what the
// mark means, each cell on its element's own colour, at 1280 and 390 px (a table wider than
// the screen scrolls in its own box, and says so, while the page stays within it); after a
// move the table is still that of the game's quotient; normal play and misère Nim (Bouton's
// rule) show none. E2E_SHOTS=DIR keeps a screenshot of the panel for each game and width.
// Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus } from './lib.mjs';

/** Opens the page and starts `position` of `game` (the selector's `preset`, or typed). */
async function startGame(context, { preset, game, position, misere }) {
  const opened = await open(context);
  const { page } = opened;
  await settled(page);
  await page.selectOption('#preset', preset);
  if (preset === 'custom') await page.fill('#game', game);
  await page.fill('#position', position);
  await page.setChecked('#misere', misere);
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await settled(page);
  return opened;
}

/** What the panel shows, once the table is drawn. */
async function shownTable(page) {
  await page.waitForSelector('#quotient-panel:not([hidden]) #quotient-table svg', { timeout: 15000 });
  return page.evaluate(() => {
    const svg = document.querySelector('#quotient-table svg');
    const cells = [...svg.querySelectorAll('rect.quotient-cell')];
    const box = document.getElementById('quotient-table');
    return {
      order: Number(svg.dataset.order),
      elements: svg.dataset.elements.split(' '),
      pPortion: svg.dataset.pPortion.split(' '),
      cells: cells.length,
      pairs: new Set(cells.map((c) => `${c.dataset.row},${c.dataset.col}`)).size,
      marked: cells.filter((c) => c.classList.contains('in-p')).length,
      // Marked exactly when the product lies in P.
      markedInP: cells.every((c) => c.classList.contains('in-p')
        === svg.dataset.pPortion.split(' ').includes(svg.dataset.elements.split(' ')[c.dataset.product])),
      // Each cell shows its element's own colour: no style of the page (a board drawing's
      // classes) overrides it.
      ownColours: cells.every((c) => {
        const want = c.getAttribute('fill').match(/[0-9a-f]{2}/g).map((h) => parseInt(h, 16)).join(', ');
        return getComputedStyle(c).fill === `rgb(${want})`;
      }),
      legend: svg.querySelector('.quotient-legend').textContent,
      method: state.analysis.method,
      scrolls: box.classList.contains('scrolls'),
      note: !document.getElementById('quotient-scroll-note').hidden,
      pageFits: document.documentElement.scrollWidth <= innerWidth,
      boxRight: box.getBoundingClientRect().right,
      inner: innerWidth,
    };
  });
}

/** The products of the table /api/analyze draws for `game`'s `position` under misère play. */
const apiTable = (page, game, position) => page.evaluate(async ([g, p]) => {
  const res = await fetch('/api/analyze', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: g, position: p.split(' '), misere: true }),
  });
  const a = await res.json();
  return [...a.quotient_table_svg.matchAll(/data-product="(\d+)"/g)].map((m) => Number(m[1]));
}, [game, position]);

const GAMES = [
  { preset: 'kayles', game: 'kayles', position: '3 4 5', order: 40 },
  { preset: 'custom', game: 'octal:0.75', position: '1 2 3', order: 8 },
];

for (const width of [1280, 390]) {
  test(`the misère quotient's table under Why at ${width} px`, async () => {
    const browser = await launch({ width, height: width > 500 ? 1000 : 844 });
    try {
      for (const { preset, game, position, order } of GAMES) {
        const { page, errors, failed } = await startGame(browser.context, { preset, game, position, misere: true });
        await page.click('#why summary');
        const t = await shownTable(page);
        assert.equal(t.method, 'misère quotient', game);
        assert.equal(t.order, order, game);
        assert.equal(t.elements.length, order, game);
        assert.equal(t.cells, order * order, game);
        assert.equal(t.pairs, order * order, `${game}: every pair of elements once`);
        assert.ok(t.marked > 0 && t.markedInP, `${game}: cells marked exactly in P (${t.marked})`);
        assert.ok(t.ownColours, `${game}: the cells keep their colours`);
        assert.match(t.legend, /in P: the sum is lost by the player to move/);
        // The cells are the products the server draws, in order.
        const drawn = await page.$$eval('#quotient-table rect.quotient-cell', (cs) => cs.map((c) => Number(c.dataset.product)));
        assert.deepEqual(drawn, await apiTable(page, game, position));
        // The page stays within the screen; a table wider than its box scrolls and says so.
        assert.ok(t.pageFits && t.boxRight <= t.inner + 1, JSON.stringify(t));
        assert.equal(t.note, t.scrolls, JSON.stringify(t));
        // Kayles' 40 columns are wider than a phone; 0.75's 8 fit whole at either width.
        if (width === 390 && order === 40) assert.ok(t.scrolls, 'Kayles\' table is wider than a phone');
        if (order === 8) assert.ok(!t.scrolls, `0.75's table fits at ${width} px`);
        if (process.env.E2E_SHOTS) {
          const name = game.replace(/[^a-z0-9]+/g, '-');
          await page.locator('#quotient-panel').screenshot({ path: `${process.env.E2E_SHOTS}/quotient-${name}-${width}.png` });
        }
        // A winning move played: the new position's analysis comes from the same quotient.
        await forgetStatus(page, 'moving');
        await page.click('#winning-moves li .play-move');
        await settled(page);
        const after = await page.evaluate(() => state.over);
        if (!after) {
          const again = await shownTable(page);
          assert.equal(again.cells, order * order, `${game} after a move`);
        }
        assert.deepEqual(errors, []);
        assert.deepEqual(failed, []);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
}

test('normal play and misère Nim show no quotient table', async () => {
  const browser = await launch();
  try {
    for (const [preset, misere] of [['kayles', false], ['nim', true]]) {
      const { page, errors } = await startGame(browser.context, { preset, game: preset, position: '3 4 5', misere });
      await page.click('#why summary');
      await page.waitForFunction(() => document.getElementById('explanation').textContent !== '');
      assert.equal(await page.isVisible('#quotient-panel'), false, `${preset} misere=${misere}`);
      assert.equal(await page.$('#quotient-table svg'), null);
      assert.deepEqual(errors, []);
      await page.close();
    }
  } finally {
    await browser.close();
  }
});
