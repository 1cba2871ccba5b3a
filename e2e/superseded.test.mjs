// Work the page has started and another has taken over: the flow of a position whose drawing
// was still loading when a new game started once said "Your move" over the new game's
// "Thinking…", before the new game's analysis had come (a test then clicked a board that was
// not ready, and waited). Each request here is held until the test lets it go, so that the
// order is the one that failed. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus } from './lib.mjs';

const browser = sharedBrowser();

/** A promise and the function that settles it. */
function held() {
  let release;
  const promise = new Promise((r) => { release = r; });
  return { promise, release };
}

test('a new game started while the last position\'s drawing loads is not ready before its own analysis', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'nim', position: '5 6 7' });
  // The drawing after the move is held: the move's flow waits in it.
  const draw = held();
  const drawAsked = held();
  await page.route('**/api/draw*', async (route) => {
    drawAsked.release();
    await draw.promise;
    await route.continue();
  });
  await forgetStatus(page, 'moving');
  await page.click('#board .drawing [data-move] >> nth=0');
  await drawAsked.promise;
  // A new game meanwhile, its analysis held in turn.
  const analysis = held();
  await page.route('**/api/analyze*', async (route) => {
    await analysis.promise;
    await route.continue();
  });
  const asked = page.waitForRequest((r) => r.url().includes('/api/analyze'));
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await asked;
  // The last position's drawing comes: its flow stops, the new game still thinking.
  const drawn = page.waitForResponse((r) => r.url().includes('/api/draw'));
  draw.release();
  await drawn;
  await page.waitForTimeout(300);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'busy', await page.textContent('#status'));
  analysis.release();
  await settled(page);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  assert.equal(await page.textContent('#game-title'), 'nim');
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});
