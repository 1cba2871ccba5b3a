// Browser tests of tokens on a graph (game `graph`, edges in the text area): a drawn game that
// the computer keeps drawn until a position comes up three times, and a won game played to a
// win by following the panel's winning moves.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser } from './lib.mjs';

const browser = sharedBrowser();

/** Picks token `token` on the drawing, clicks vertex `to` among its targets, and waits for the reply. */
async function moveToken(page, token, to) {
  await lib.forgetStatus(page, 'moving');
  await page.click(`#board [data-pick="${token}"]`);
  await page.click(`#board [data-move="${token} ${to}"]`);
  await lib.settled(page);
}

test('a drawn game on a graph: the computer keeps it drawn, and the third repetition ends it as a draw', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'graph:edges.txt', position: 'a' });
  // The example's edges are in the text area: a and b form a cycle, b leads out to c, c to d.
  assert.ok(await page.isVisible('#graph-text'));
  assert.match(await page.inputValue('#graph-text'), /^a b\nb a\nb c\nc d\n$/);
  assert.match(await page.textContent('#outcome'), /^D: a draw, neither player can force a win/);
  for (let turns = 0; turns < 10; turns++) {
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    // From a the only edge goes to b; the computer then goes back to a rather than on to c,
    // which would lose.
    await moveToken(page, 1, 'b');
  }
  assert.equal(await page.getAttribute('#status', 'data-state'), 'draw');
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'draw');
  assert.match(await page.textContent('#status'), /^Draw: the same position has come up three times/);
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.ok(log.some((l) => l.includes('computer: move token 1 from b to a')), log.join('\n'));
  assert.ok(!log.some((l) => l.includes('from b to c')), log.join('\n'));
  assert.ok(await page.isVisible('#after-game'));
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('a won game on a graph played to a win by following the panel', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'graph:edges.txt', position: 'b c' });
  assert.match(await page.textContent('#outcome'), /^N: the first player \(you\) wins/);
  assert.match(await page.textContent('#heap-values'), /^∞\(1\), 1$/);
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 10, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    const moves = await lib.winningMoves(page);
    assert.ok(moves.length > 0, 'a won position lists a winning move');
    await lib.forgetStatus(page, 'moving');
    await page.click('#winning-moves li:not(.none) .play-move >> nth=0');
    await lib.settled(page);
  }
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('the edges are refused with the line at fault, and graph:FILE names what to send', async () => {
  const { page } = await browser.start({ preset: 'graph:edges.txt', position: 'a' });
  await page.fill('#graph-text', 'a b\nb c d\n');
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-game');
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'error');
  assert.match(await page.textContent('#error'), /graph line 2: 'b c d' is not 'u v'/);
  await page.close();
});
