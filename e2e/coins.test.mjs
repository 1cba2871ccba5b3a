// Browser tests of the coin-turning games (Turtles, Mock Turtles, Ruler and turning corners):
// the rows name each head with its coin or cell, following the panel's winning moves from a
// won position beats the computer, and a move typed as `turn ...` is played. Run through
// e2e/run.sh.
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
  ['turtles', '3 5 9', [['head 1 (coin 3)', '3'], ['head 2 (coin 5)', '5'], ['head 3 (coin 9)', '9']]],
  ['mock-turtles', '0 1 2 3 7', [['head 1 (coin 0)', '0'], ['head 2 (coin 1)', '1'], ['head 3 (coin 2)', '2'],
    ['head 4 (coin 3)', '3'], ['head 5 (coin 7)', '7']]],
  ['ruler', '3 6 12', null],
  ['coins-2d:turtlesxturtles', '1,1 2,2 3,1', [['head 1 (cell 1,1), x', '1'], ['head 1 (cell 1,1), y', '1'],
    ['head 2 (cell 2,2), x', '2'], ['head 2 (cell 2,2), y', '2'], ['head 3 (cell 3,1), x', '3'],
    ['head 3 (cell 3,1), y', '1']]],
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

test('a Mock Turtles move is typed as turn and played', async () => {
  const { page, errors } = await browser.start({ preset: 'mock-turtles', position: '0 1 2 3 7' });
  const moves = await winningMoves(page);
  assert.ok(moves.some((m) => m.text === 'turn over coin 7 (heads 0 1 2 3 7 -> 0 1 2 3)'), JSON.stringify(moves));
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', 'turn 7');
  await page.press('#move-text', 'Enter');
  await settled(page);
  assert.match(await page.textContent('#log'), /you: turn over coin 7 \(heads 0 1 2 3 7 -> 0 1 2 3\)/);
  assert.deepEqual(errors, []);
  await page.close();
});
