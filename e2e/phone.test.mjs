// Boards sized for a phone (issue 64, item 2): at 390 px every game's example board grows to
// the width available (it used a third of the screen), and the page is no wider than the
// screen. The size of each click target is tested by hit-areas.test.mjs. Run through
// e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, eachExample } from './lib.mjs';

test('at 390 px every example board takes the width available', async () => {
  const browser = await launch({ width: 390, height: 844, showAnalysis: false });
  try {
    const { page, errors } = await open(browser.context);
    await settled(page);
    const narrow = [];
    await eachExample(page, async (g) => {
      const m = await page.evaluate(() => {
        const box = document.querySelector('#board .drawing');
        return { board: box.querySelector('svg').getBoundingClientRect().width, room: box.clientWidth,
          page: document.documentElement.scrollWidth, screen: innerWidth };
      });
      if (m.board < m.room - 1) narrow.push(`${g.example_game}: ${m.board.toFixed(0)} of ${m.room} px`);
      assert.ok(m.page <= m.screen, `${g.example_game}: the page is ${m.page} px wide on a ${m.screen} px screen`);
    });
    assert.deepEqual(narrow, [], 'boards narrower than the room');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
