// Issue 64's endings: placed dominoes are drawn as dominoes in their player's colour (Left's
// vertical ones blue, Right's horizontal ones red, each one rounded rectangle over its two
// cells), and at the end of every partizan game the drawing and the status say who won. The
// person clicks the first target shown (picking the first token where none shows) until the
// game is over, at 1280 and 390 px. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, start, settled, forgetStatus, moveOnTop } from './lib.mjs';

/** Plays the first target shown (picking the first token first where none shows) to the end. */
async function playToTheEnd(page, what) {
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 60, `${what}: the game ends`);
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    let at = await moveOnTop(page);
    if (!at) {
      await page.click('#board .drawing [data-pick] >> nth=0');
      at = await moveOnTop(page);
    }
    assert.ok(at, `${what}: a target to click`);
    await forgetStatus(page, 'moving');
    await page.mouse.click(at.x, at.y);
    await settled(page);
  }
}

/** The placed dominoes of the drawing: class and size, in drawing units. */
const dominoes = (page) => page.$$eval('#board .drawing rect.domino', (rs) => rs.map((r) => ({
  cls: r.getAttribute('class'), w: Number(r.getAttribute('width')), h: Number(r.getAttribute('height')),
  fill: getComputedStyle(r).fill,
})));

const GAMES = [
  ['domineering', '.../...'],
  ['domineering', '..../..../....'],
  ['hackenbush', '0-1:b,1-2:r,1-3'],
  ['toads-frogs', 'TT..FF'],
  ['cutcake', '2x3 1x4'],
  ['clobber', 'xox/oxo'],
  ['toppling-dominoes', 'bbrgr brr'],
  ['northcott', '5:1,5 4:2,4'],
  ['kl:2,3', '4 5 6'],
];

for (const width of [1280, 390]) {
  test(`every partizan game's end says who won, and dominoes show their owner, at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    try {
      for (const [preset, position] of GAMES) {
        const what = `${width} px, ${preset} ${position}`;
        const { page, errors } = await start(browser.context, { preset, position, level: 'easy' });
        if (preset === 'domineering') {
          // After the person's first domino (Left's) and the computer's reply (Right's).
          const at = await moveOnTop(page);
          await forgetStatus(page, 'moving');
          await page.mouse.click(at.x, at.y);
          await settled(page);
          const placed = await dominoes(page);
          const left = placed.filter((d) => d.cls === 'domino left');
          const right = placed.filter((d) => d.cls === 'domino right');
          assert.equal(left.length, 1, `${what}: Left's domino drawn: ${JSON.stringify(placed)}`);
          assert.ok(left[0].h > 1.8 * left[0].w, `${what}: Left's domino stands upright over two cells`);
          assert.equal(left[0].fill, 'rgb(42, 111, 219)', `${what}: Left's domino is blue`);
          if (await page.getAttribute('#status', 'data-state') === 'your-move') {
            assert.equal(right.length, 1, `${what}: Right's domino drawn: ${JSON.stringify(placed)}`);
            assert.ok(right[0].w > 1.8 * right[0].h, `${what}: Right's domino lies over two cells`);
            assert.equal(right[0].fill, 'rgb(217, 83, 79)', `${what}: Right's domino is red`);
            // The position as printed keeps the owners, and types back.
            assert.match(await page.textContent('#board'), /L/);
          }
        }
        await playToTheEnd(page, what);
        const status = await page.textContent('#status');
        assert.match(status, /^(You win|The computer wins)/, `${what}: the status says who won`);
        const words = await page.$$eval('#board .drawing text', (ts) => ts.map((t) => t.textContent).join(' '));
        assert.doesNotMatch(words, /to move/, `${what}: the finished drawing says no one is to move`);
        assert.match(words, /(first|second) player wins|(Left|Right|White|Black) wins/, `${what}: the drawing says who won: ${words}`);
        assert.deepEqual(errors, [], what);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });
}
