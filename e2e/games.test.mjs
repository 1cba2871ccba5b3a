// Browser tests of the games whose position is not a row of heaps (board games such as
// Wythoff's, sums of different games, Euclid's game): the rows are named as the analysis names
// them, a winning move listed in the panel is played by clicking it, and the person who
// follows the panel from a won position beats the computer. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus, winningMoves } from './lib.mjs';

const browser = sharedBrowser();

/** Plays the panel's first winning move each turn until the game ends; returns the moves played. */
async function followThePanel(page) {
  const played = [];
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 80, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'N', 'the person keeps a won position');
    const first = await page.$('#winning-moves li.playable');
    assert.ok(first, 'a won position lists a winning move');
    played.push(await first.getAttribute('data-move'));
    await forgetStatus(page, 'moving');
    await first.$eval('.play-move', (b) => b.click());
    await settled(page);
  }
  return played;
}

/** The rows of the board: label and number. */
const rows = (page) => page.$$eval('#board .heap', (rs) => rs.map((r) => [
  r.querySelector('.heap-label').textContent, r.querySelector('.heap-size').textContent]));

for (const [preset, position, firstRows] of [
  ['wythoff', '5 8', [['heap 1', '5'], ['heap 2', '8']]],
  ['euclid', '34 12', [['number 1', '34'], ['number 2', '12']]],
  ['sum', 'euclid=34,12 wythoff=2,2 nim=4', [['game 1', 'euclid 34 12'], ['game 2', 'wythoff 2 2'],
    ['game 3', 'nim 4']]],
  ['staircase', '3 9 5', [['step 1', '3'], ['step 2', '9'], ['step 3', '5']]],
  ['moore:2', '5 6 9 3', null],
  ['take-or-split:2', '2 2 3', null],
  ['fibonacci-nim', '20', null],
  ['multiplication', '162', null],
  ['circle:kayles', '12 line:7', null],
  ['cutting', '5x2 3x3', null],
]) {
  test(`${preset} ${position}: the rows are named, and following the panel wins`, async () => {
    const { page, errors } = await browser.start({ preset, position });
    await page.waitForFunction(() => document.getElementById('outcome').dataset.outcome === 'N');
    if (firstRows) assert.deepEqual(await rows(page), firstRows);
    const played = await followThePanel(page);
    assert.ok(played.length > 0);
    assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test('a move of Wythoff\'s game from both heaps is typed and played', async () => {
  const { page, errors } = await browser.start({ preset: 'wythoff', position: '5 8' });
  const moves = await winningMoves(page);
  assert.ok(moves.some((m) => m.text === 'take 1 from both heaps (5 8 -> 4 7)'), JSON.stringify(moves));
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', 'both 1');
  await page.press('#move-text', 'Enter');
  await settled(page);
  assert.match(await page.textContent('#log'), /you: take 1 from both heaps \(5 8 -> 4 7\)/);
  assert.deepEqual(errors, []);
  await page.close();
});
