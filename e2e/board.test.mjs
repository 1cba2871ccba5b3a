// Browser tests of the board: the rules of the game, huge heaps, the move log, and playing
// again once a game is over.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { launch } from './lib.mjs';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

const start = (options) => lib.start(browser.context, options);

test('the board states the rules of the chosen game in a sentence', async () => {
  const { page, errors } = await start({ preset: 'subtraction:2,5', position: '12 7' });
  assert.equal(await page.textContent('#rules'), 'A move takes exactly 2 or 5 objects from one heap.');
  // Another game, misère: its own rules and the misère rule.
  await page.selectOption('#preset', 'kayles');
  await page.fill('#position', '7 4');
  await page.setChecked('#misere', true);
  await page.evaluate(() => { document.getElementById('status').dataset.state = 'starting'; });
  await page.click('#new-game');
  await lib.settled(page);
  assert.match(await page.textContent('#rules'),
    /^Kayles: a move knocks down one pin or two adjacent pins from a row.* Misère: whoever makes the last move loses\.$/);
  assert.ok(await page.isVisible('#rules'));
  assert.deepEqual(errors, []);
  await page.close();
});
