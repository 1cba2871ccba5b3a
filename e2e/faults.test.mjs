// Browser tests of faults a new user once met on the page, each as that user would meet it:
// a Turtles move of two coins typed as `grundy play` takes it, a Hackenbush cut typed as a
// picture and an edge (as heap moves are typed) played, the move box emptied by New game with
// the new game's syntax as its hint, and a drawn position's panel saying that no move wins and listing
// the moves that keep the draw. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus } from './lib.mjs';

const browser = sharedBrowser();

/** Types `text` in the move box and sends it; waits for the answer (a move or an error). */
async function typeMove(page, text) {
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', text);
  await page.press('#move-text', 'Enter');
  await page.waitForFunction(
    () => ['your-move', 'win', 'lose', 'draw', 'error'].includes(document.getElementById('status').dataset.state)
      || !document.getElementById('error').hidden,
  );
}

/** The error the page shows, or '' when none shows. */
const shownError = (page) => page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));

test('turtles 3 5 9: the move turn 5 9 typed in the move box is played', async () => {
  // The page once refused it ("write the heads in increasing order") while grundy play took it.
  const { page, errors, failed } = await browser.start({ preset: 'turtles', position: '3 5 9' });
  await typeMove(page, 'turn 5 9');
  assert.equal(await shownError(page), '');
  const log = await page.$$eval('#log li', (lis) => lis.map((li) => li.textContent));
  assert.match(log[0], /you: turn over coins 5 and 9/, log.join('\n'));
  assert.ok(log.length >= 1);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('hackenbush: a cut typed as a picture and an edge, as heap moves are typed, is played', async () => {
  // `2 0-1` once gave "'0-1' is not a number", Nim's words in a game of pictures.
  const { page, errors, failed } = await browser.start({ preset: 'hackenbush', position: '0-1,1-2 0-1' });
  await typeMove(page, '2 0-1');
  assert.equal(await shownError(page), '');
  assert.match(await page.textContent('#log'), /you: cut 0-1 in picture 2/);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('New game empties the move box, and its hint is the new game\'s syntax', async () => {
  // The box once kept the last game's text and hinted Nim's `3 2 · 2 -> 1` in every game.
  const { page, errors } = await browser.start({ preset: 'nim', position: '3 4 5' });
  await page.fill('#move-text', '3 2');
  await page.selectOption('#preset', 'hackenbush');
  await page.fill('#position', '0-1,1-2 0-1');
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await settled(page);
  assert.equal(await page.inputValue('#move-text'), '');
  assert.equal(await page.getAttribute('#move-text', 'placeholder'), 'cut U-V  ·  cut U-V in P');
  assert.match(await page.textContent('#move-syntax'), /^Type cut U-V deletes edge U-V of picture 1; cut U-V in P of picture P\. For example /);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a drawn position: the panel says no move wins and lists the moves that keep the draw', async () => {
  // It once read "Winning moves (0)", then an unlabelled move, then "None: the position is drawn".
  const { page, errors } = await browser.start({ preset: 'graph:edges.txt', position: 'a' });
  await page.waitForFunction(() => document.getElementById('outcome').dataset.outcome === 'D');
  assert.equal(await page.textContent('#moves-title'), 'No winning move: moves that keep the draw');
  assert.equal(await page.textContent('#winning-count'), '(1)');
  assert.match(await page.textContent('#moves-intro'), /^The position is drawn: neither player can force a win, so no move wins\./);
  const listed = await page.$$eval('#winning-moves li', (lis) => lis.map((li) => ({ text: li.querySelector('.move-link')?.textContent, cls: li.className })));
  assert.deepEqual(listed, [{ text: 'move token 1 from a to b', cls: 'drawing playable' }]);
  assert.deepEqual(errors, []);
  await page.close();
});
