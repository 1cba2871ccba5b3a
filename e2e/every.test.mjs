// Browser tests of Every-SG (each turn one move in every game that is not over, the last move
// wins): a sum of games played to a win by following the panel, and a turn put together by
// clicking one object in each game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser } from './lib.mjs';

const browser = sharedBrowser();

/** Starts a game with Every-SG chosen in the setup form. */
const startEvery = (game) => lib.start(browser.context, { ...game, every: true });

test('a sum of games under Every-SG is won by clicking the winning turn the panel lists', async () => {
  const { page, errors, failed } = await startEvery({ preset: 'sum', position: 'euclid=5,3 euclid=3,2' });
  assert.equal(await page.textContent('#game-title'), 'sum (Every-SG)');
  assert.match(await page.textContent('#rules'), /Every-SG: each turn is one move in every game that is not over/);
  assert.equal(await page.textContent('#heap-values-label'), 'Steps (one per game)');
  assert.equal(await page.textContent('#heap-values'), '3, 2');
  for (let turns = 0; await page.getAttribute('#status', 'data-state') === 'your-move'; turns++) {
    assert.ok(turns < 10, 'the game ends');
    assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'N');
    const moves = await lib.winningMoves(page);
    assert.ok(moves.length > 0, 'a winning turn is listed');
    // The listed turn names a move in each game that is not over.
    await lib.forgetStatus(page, 'moving');
    await page.click('#winning-moves li.playable .play-move >> nth=0');
    await lib.settled(page);
  }
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  const log = await page.$$eval('#log li .t', (ts) => ts.map((t) => t.textContent));
  assert.equal(log[0], 'you: in game 1 (euclid): subtract 1 x 3 = 3 from number 1 (5 3 -> 2 3); '
    + 'in game 2 (euclid): subtract 1 x 2 = 2 from number 1 (3 2 -> 1 2)');
  assert.match(log[1], /^computer: in game 1 \(euclid\): .*; in game 2 \(euclid\): .*lost position/);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('a turn is put together by clicking one object in each heap, and a turn that leaves a heap out is refused', async () => {
  const { page, errors } = await startEvery({ preset: 'nim', position: '3 5 7' });
  assert.equal(await page.getAttribute('#move-text', 'placeholder'), '1 -> 2; 3 -> 1');
  // Heap 1 only: refused, naming heap 2.
  await page.click('#board [data-move="1 -> 0"]');
  assert.equal(await page.inputValue('#move-text'), '1 -> 0');
  await lib.forgetStatus(page, 'moving');
  await page.click('#typed button[type="submit"]');
  await lib.settled(page);
  assert.match(await page.textContent('#error'), /heap 2: no move was given for it/);
  // A second click on the same heap replaces its move; then one in each heap, and Play.
  await page.click('#board [data-move="1 -> 1"]');
  await page.click('#board [data-move="2 -> 4"]');
  await page.click('#board [data-move="3 -> 6"]');
  assert.equal(await page.inputValue('#move-text'), '1 -> 1; 2 -> 4; 3 -> 6');
  await lib.forgetStatus(page, 'moving');
  await page.click('#typed button[type="submit"]');
  await lib.settled(page);
  // Taking one from each heap leaves 2 4 6; the computer empties all three and wins.
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'computer');
  const log = await page.$$eval('#log li .t', (ts) => ts.map((t) => t.textContent));
  assert.equal(log[0], 'you: take 2 from heap 1 (3 -> 1); take 1 from heap 2 (5 -> 4); take 1 from heap 3 (7 -> 6)');
  assert.match(log[1], /^computer: take 1 from heap 1 \(1 -> 0\); take 4 from heap 2 \(4 -> 0\); take 6 from heap 3 \(6 -> 0\)/);
  assert.deepEqual(errors, []);
  await page.close();
});
