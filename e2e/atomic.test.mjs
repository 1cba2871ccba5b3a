// The atomic weight of an all-small position under "Why" (Clobber, Lessons in Play, chapter 9):
// `xxxo` is ⇑* (Left's x's can each capture toward the o), of atomic weight 2, and the panel says
// so with the two-ahead rule in words (a weight of 2 or more wins for Left whoever starts); a
// game that is not all-small (Cutcake 1x3, the number 2) says it has none. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus } from './lib.mjs';

/** Starts `position` of the selector's game `preset` and opens "Why". */
async function startGame(page, preset, position) {
  await settled(page);
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await settled(page);
  // "Why" stays open from one game to the next: a second click would close it.
  if (!(await page.evaluate(() => document.getElementById('why').open))) await page.click('#why summary');
  await page.waitForSelector('#value-panel:not([hidden]) #thermograph svg', { timeout: 15000 });
}

const weight = (page) => page.evaluate(() => document.getElementById('value-atomic-weight').textContent);

test('the atomic weight of a Clobber position and the two-ahead rule under Why', async () => {
  const browser = await launch({ width: 1280, height: 1000 });
  try {
    const { page, errors, failed } = await open(browser.context);
    await startGame(page, 'clobber', 'xxxo');
    const canonical = await page.evaluate(() => document.getElementById('value-canonical').textContent);
    assert.equal(canonical, '⇑*');
    const words = await weight(page);
    assert.match(words, /^atomic weight 2 /);
    assert.match(words, /two-ahead rule Left wins whoever starts/);
    // The analyses beyond the value, as `grundy value` prints them (issue 84): ⇑* is born on
    // day 3, its reduced form is 0 (an infinitesimal, next to the numbers), and its incentives
    // are listed with the dominant one, ↑*.
    const text = (id) => page.evaluate((i) => document.getElementById(i).textContent, id);
    assert.equal(await text('value-birthday'), 'day 3');
    assert.equal(await text('value-reduced'), '0');
    assert.equal(await text('value-incentives'), 'Left ⇓*; Right ↑*; dominant ↑*');
    await startGame(page, 'cutcake', '1x3');
    assert.match(await weight(page), /^no atomic weight: the game is not all-small/);
    assert.equal(await text('value-reduced'), '2');
    assert.deepEqual(errors, []);
    assert.deepEqual(failed, []);
  } finally {
    await browser.close();
  }
});
