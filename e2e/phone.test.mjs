// Boards sized for a phone (issue 64, item 2; issue 84, item 2): at 390 px every game's example
// board grows to the width available and fits it, folded into rows where it is long, so that
// no drawing scrolls sideways in its box and the page is no wider than the screen; and every
// control of the board, the drawing's targets and the buttons and fields beside it (its move
// controls, the box to type a move), is 40 x 40 px at least, none overlapping. The static page
// is checked the same way by static.test.mjs (`phoneFaults`). The drawing's targets alone, at
// 390 and 1280 px, are tested by hit-areas.test.mjs. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, eachExample, phoneFaults } from './lib.mjs';

test('at 390 px every example board takes the width available', async () => {
  const browser = await launch({ width: 390, height: 844, showAnalysis: false });
  try {
    const { page, errors } = await open(browser.context);
    await settled(page);
    const narrow = [];
    await eachExample(page, async (g) => {
      const m = await page.evaluate(() => {
        const box = document.querySelector('#board .drawing');
        return { board: box.querySelector('svg').getBoundingClientRect().width, room: box.clientWidth };
      });
      if (m.board < m.room - 1) narrow.push(`${g.example_game}: ${m.board.toFixed(0)} of ${m.room} px`);
    });
    assert.deepEqual(narrow, [], 'boards narrower than the room');
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('at 390 px no example board scrolls sideways, and every control is 40 x 40 px, none overlapping', async () => {
  const browser = await launch({ width: 390, height: 844, showAnalysis: false });
  try {
    const { page, errors } = await open(browser.context);
    await settled(page);
    const { faults, wide } = await phoneFaults(page);
    assert.deepEqual(faults, [], `${faults.length} faults; too wide: ${wide.join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});
