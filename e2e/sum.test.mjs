// A sum of games on the page, shown as its parts: `domineering=../.. hackenbush=0-1:b,1-2:r
// nim=2` draws each game's own board, the rows under it name each game in its own notation
// (no "number N" rows), "Why" gives the sum's Conway value ({3/2*2|-1/2*2}, as `grundy value`
// gives it) with its thermograph, and a move typed `1: a1 a2` is played. A sum of impartial
// games has its nim-sum table and no value panel. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus } from './lib.mjs';

const browser = sharedBrowser();

/** The rows of the board: label and text. */
const rows = (page) => page.$$eval('#board .heap', (rs) => rs.map((r) => [
  r.querySelector('.heap-label').textContent, r.querySelector('.heap-size').textContent]));

test('a sum with partizan games: its parts drawn, its Conway value under Why, a part\'s move typed', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'sum', position: 'domineering=../.. hackenbush=0-1:b,1-2:r nim=2' });
  assert.deepEqual(await rows(page), [['game 1', 'domineering ../..'], ['game 2', 'hackenbush 0-1:b,1-2:r'], ['game 3', 'nim 2']]);
  const drawn = await page.$eval('#board .drawing svg', (svg) => svg.textContent);
  assert.ok(drawn.includes('1: domineering ../..') && !drawn.includes('number'), drawn);
  await page.click('#why summary');
  await page.waitForSelector('#value-panel:not([hidden]) #thermograph svg', { timeout: 15000 });
  const api = await page.evaluate(async () => (await fetch(`/api/value?game=sum&position=${encodeURIComponent(state.tokens.join(' '))}`)).json());
  assert.equal(await page.textContent('#value-canonical'), api.canonical);
  assert.equal(api.canonical, '{3/2*2|-1/2*2}');
  assert.equal(await page.$$eval('#thermograph polyline[data-wall]', (ps) => ps.length), 2);
  // The move box reads a part's move in its own syntax.
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', '1: a1 a2');
  await page.press('#move-text', 'Enter');
  await settled(page);
  assert.equal(await page.textContent('#error'), '');
  assert.match(await page.textContent('#log'), /you: in game 1 \(domineering\): /);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('a sum of impartial games: its parts named, the nim-sum table, no value panel', async () => {
  const { page, errors } = await browser.start({ preset: 'sum', position: 'euclid=34,12 nim=4' });
  assert.deepEqual(await rows(page), [['game 1', 'euclid 34 12'], ['game 2', 'nim 4']]);
  await page.click('#why summary');
  assert.equal(await page.isVisible('#value-panel'), false);
  assert.ok((await page.$$('#balance tr')).length > 0);
  assert.deepEqual(errors, []);
  await page.close();
});
