// Conway's value under "Why" for a partizan game (its facts say so: K-L-Nim kl:2,3 here), at
// 1280 and 390 px: the value, its outcome class, mean and temperature as /api/value gives them,
// and the thermograph drawn with both walls, within the screen; after a move the panel shows
// the new position's value; an impartial game has no such panel. E2E_SHOTS=DIR keeps a
// screenshot of the panel at each width. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus } from './lib.mjs';

/** Starts `position` of the selector's game `preset`. */
async function startGame(page, preset, position) {
  await settled(page);
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await settled(page);
}

/** The panel's fields, once it shows the value of the position on the board. */
async function shownValue(page) {
  await page.waitForSelector('#value-panel:not([hidden]) #thermograph svg', { timeout: 15000 });
  return page.evaluate(() => ({
    canonical: document.getElementById('value-canonical').textContent,
    outcome: document.getElementById('value-outcome').textContent,
    mean: document.getElementById('value-mean').textContent,
    temperature: document.getElementById('value-temperature').textContent,
    stops: document.getElementById('value-stops').textContent,
    walls: [...document.querySelectorAll('#thermograph polyline[data-wall]')].map((p) => p.dataset.wall),
    tokens: state.tokens.join(' '),
  }));
}

/** /api/value of the page's position, asked from the page. */
const apiValue = (page, tokens) => page.evaluate(async (t) => {
  const res = await fetch(`/api/value?game=kl:2,3&position=${encodeURIComponent(t)}`);
  return res.json();
}, tokens);

for (const width of [1280, 390]) {
  test(`the value and thermograph of a K-L-Nim position under Why at ${width} px`, async () => {
    const browser = await launch({ width, height: width > 500 ? 1000 : 844 });
    try {
      const { page, errors, failed } = await open(browser.context);
      await startGame(page, 'kl:2,3', '4');
      await page.click('#why summary');
      const v = await shownValue(page);
      assert.deepEqual(
        { ...v, tokens: undefined },
        {
          canonical: '{0,*|↓,↓*}',
          outcome: 'N: the player to move wins',
          mean: '0',
          temperature: '0',
          stops: 'Left 0, Right 0',
          walls: ['right', 'left'],
          tokens: undefined,
        },
      );
      // The drawing fits the panel, and the page is no wider than the screen.
      const fit = await page.evaluate(() => {
        const svg = document.querySelector('#thermograph svg').getBoundingClientRect();
        const panel = document.getElementById('value-panel').getBoundingClientRect();
        return { svg: svg.right, panel: panel.right, scroll: document.documentElement.scrollWidth, inner: innerWidth };
      });
      assert.ok(fit.svg <= fit.panel + 1 && fit.scroll <= fit.inner, JSON.stringify(fit));
      if (process.env.E2E_SHOTS) {
        await page.locator('#value-panel').screenshot({ path: `${process.env.E2E_SHOTS}/value-${width}.png` });
      }
      // A winning move played: the panel follows the new position (after the computer's reply).
      await forgetStatus(page, 'moving');
      await page.click('#winning-moves li .play-move');
      await settled(page);
      const after = await shownValue(page);
      const expected = await apiValue(page, after.tokens);
      assert.notEqual(after.tokens, '4');
      assert.equal(after.canonical, expected.canonical);
      assert.equal(after.temperature, expected.temperature);
      assert.deepEqual(errors, []);
      assert.deepEqual(failed, []);
    } finally {
      await browser.close();
    }
  });
}

test('an impartial game shows no value panel', async () => {
  const browser = await launch();
  try {
    const { page, errors } = await open(browser.context);
    await startGame(page, 'nim', '3 5');
    await page.click('#why summary');
    assert.equal(await page.isVisible('#value-panel'), false);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
