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

/** Plays to the end taking one object at a time from the first non-empty heap. */
async function playOneByOne(page) {
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 60, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    const last = await page.$$eval('.heap', (rows) => {
      const row = rows.find((r) => r.querySelectorAll('.object').length > 0);
      const objs = row.querySelectorAll('.object');
      return { heap: row.dataset.heap, leave: String(objs.length - 1) };
    });
    await page.evaluate(() => { document.getElementById('status').dataset.state = 'moving'; });
    await page.click(`.object[data-heap="${last.heap}"][data-leave="${last.leave}"]`);
    await lib.settled(page);
  }
}

test('when a game ends its whole move log shows, first entry and numbers included', async () => {
  const { page, errors } = await start({ preset: 'nim', position: '5 6 7 4' });
  await playOneByOne(page);
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'computer');
  const boxes = await page.$eval('#log', (log) => {
    const box = (e) => { const r = e.getBoundingClientRect(); return { top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
    const first = log.firstElementChild;
    const last = log.lastElementChild;
    return {
      count: log.children.length,
      log: box(log),
      first: box(first),
      // The number, as the page writes it (a list's own marker has no box to measure).
      firstNumber: { ...box(first.querySelector('.n') ?? first), text: first.querySelector('.n')?.textContent },
      last: box(last),
      lastNumber: { ...box(last.querySelector('.n') ?? last), text: last.querySelector('.n')?.textContent },
      hidden: log.scrollHeight - log.clientHeight,
    };
  });
  assert.ok(boxes.count >= 10, `a two-digit log: ${boxes.count} entries`);
  const within = (inner, outer) => inner.top >= outer.top - 0.5 && inner.bottom <= outer.bottom + 0.5
    && inner.left >= outer.left - 0.5 && inner.right <= outer.right + 0.5;
  for (const key of ['first', 'firstNumber', 'last', 'lastNumber']) {
    assert.ok(within(boxes[key], boxes.log), `${key} within the log: ${JSON.stringify(boxes)}`);
  }
  assert.equal(boxes.firstNumber.text, '1.');
  assert.equal(boxes.lastNumber.text, `${boxes.count}.`);
  assert.ok(boxes.hidden <= 1, `nothing of the log scrolled out of sight: ${boxes.hidden}px`);
  assert.match(await page.textContent('#log li:first-child'), /^1\.you: take 1 from heap 1 \(5 -> 4\)$/);
  assert.deepEqual(errors, []);
  await page.close();
});
