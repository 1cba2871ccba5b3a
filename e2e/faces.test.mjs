// Browser tests of the faces a teacher would draw (issue 49, rows 7, 9 and 13), at a phone's
// width: Kayles' pins and the line that says what to click, the circle games' rows in words,
// the graph games' names inside their circles and badges large enough to read. Run through
// e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus } from './lib.mjs';

const browser = sharedBrowser({ width: 390, height: 900 });

/** The rows under the drawing: label and text. */
const rows = (page) => page.$$eval('#board .heap', (rs) => rs.map((r) => [
  r.querySelector('.heap-label').textContent, r.querySelector('.heap-size').textContent]));

test('Kayles on a phone: pins in rows, a line saying what to click, and a pin clicked is knocked down', async () => {
  const { page, errors } = await browser.start({ preset: 'kayles', position: '10 7' });
  await page.waitForSelector('#board .drawing svg .pin', { state: 'attached' });
  assert.equal(await page.locator('#board .drawing .pin').count(), 17);
  assert.equal(await page.locator('#board .drawing .obj').count(), 0);
  assert.equal((await page.$$eval('#board .drawing .note', (ns) => ns.map((n) => n.textContent))).join(' '),
    'Click a pin to knock it down, or a bar to knock down the pins above it.');
  // The drawing, its line included, is on the screen whole, at its own size: it does not scroll.
  const shown = await page.$eval('#board .drawing', (box) => ({
    right: Math.max(...[...box.querySelectorAll('.note')].map((n) => n.getBoundingClientRect().right)),
    scrolls: box.scrollWidth > box.clientWidth + 1,
  }));
  assert.ok(shown.right <= 390 && !shown.scrolls, `the line fits the phone: ${JSON.stringify(shown)}`);
  // The fourth pin of the first row: 10 -> 3 + 6.
  await forgetStatus(page, 'moving');
  await page.click('#board .drawing [data-move="1 -> 3 6"]');
  await settled(page);
  assert.match(await page.textContent('#log li:first-child'),
    /^1\.you: knock down 1 pin from row 1, leaving rows of 3 and 6 \(10 -> 3 \+ 6\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('circle games: the rows under the drawing read "circle of 12 coins", never "closed 1"', async () => {
  const { page, errors } = await browser.start({ preset: 'circle:kayles', position: '12 line:10 2' });
  await page.waitForFunction(() => document.querySelector('#board .heap-label')?.textContent === 'part 1');
  assert.deepEqual(await rows(page), [
    ['part 1', 'circle of 12 coins'], ['part 2', 'line of 10 coins'], ['part 3', 'circle of 2 coins']]);
  // One coin style: the coins of the line are the circles' coins.
  assert.equal(await page.locator('#board .drawing .coin').count(), 24);
  assert.equal(await page.locator('#board .drawing .obj').count(), 0);
  // A circle opened into a line stays in words.
  await forgetStatus(page, 'moving');
  await page.click('#board .drawing [data-move="take 1 from 1"] >> nth=0');
  await settled(page);
  await page.waitForFunction(() => document.querySelector('#board .heap-label')?.textContent === 'part 1'
    && [...document.querySelectorAll('#board .heap-size')].every((r) => r.textContent !== 'circle of 12 coins'));
  assert.match(await page.textContent('#board .heap-size'), /^(line of \d+ coins?|empty line)$/);
  assert.doesNotMatch(await page.textContent('#board'), /closed|part \d+ \d/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('graphs on a phone: vertex names inside their circles, badges of 15 px or more, Hackenbush numbered', async () => {
  for (const [preset, position] of [['geography:examples/geography/bzoj1443.txt', 'r2c2'], ['graph:edges.txt', 'b c']]) {
    const { page, errors } = await browser.start({ preset, position });
    await page.waitForSelector('#board .drawing svg .vertex-label', { state: 'attached' });
    const fit = await page.$$eval('#board .drawing .vertex', (vs) => vs.map((v) => {
      const label = v.nextElementSibling.getBoundingClientRect();
      const circle = v.getBoundingClientRect();
      return { inside: label.left >= circle.left && label.right <= circle.right, name: v.nextElementSibling.textContent };
    }));
    assert.ok(fit.length > 0 && fit.every((f) => f.inside), `${preset}: ${JSON.stringify(fit)}`);
    const badges = await page.$$eval('#board .drawing .token', (ts) => ts.map((t) => t.getBoundingClientRect().width));
    assert.ok(badges.length > 0 && badges.every((w) => w >= 15), `${preset}: badges ${badges}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
  const { page, errors } = await browser.start({ preset: 'hackenbush', position: '0-1,1-2,2-0,1-3' });
  await page.waitForSelector('#board .drawing svg .vnum', { state: 'attached' });
  const numbers = await page.$$eval('#board .drawing .vnum', (ns) => ns.map((n) => n.textContent).sort());
  assert.deepEqual(numbers, ['0', '1', '2', '3']);
  assert.deepEqual(errors, []);
  await page.close();
});
