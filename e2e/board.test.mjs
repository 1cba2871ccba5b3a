// Browser tests of the board: the rules of the game, huge heaps, the move log, and playing
// again once a game is over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser } from './lib.mjs';

const browser = sharedBrowser();

const start = browser.start;

test('the board states the rules of the chosen game in a sentence', async () => {
  const { page, errors } = await start({ preset: 'subtraction:2,5', position: '12 7' });
  assert.equal(await page.textContent('#rules'), 'A move takes exactly 2 or 5 objects from one heap.');
  // Another game, misère: its own rules and the misère rule.
  await page.selectOption('#preset', 'kayles');
  await page.fill('#position', '7 4');
  await page.setChecked('#misere', true);
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-game');
  await lib.settled(page);
  assert.match(await page.textContent('#rules'),
    /^Kayles: a move knocks down one pin or two adjacent pins from a row.* Misère: whoever makes the last move loses\.$/);
  assert.ok(await page.isVisible('#rules'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('when a game ends its whole move log shows, first entry and numbers included', async () => {
  const { page, errors } = await start({ preset: 'nim', position: '5 6 7 4' });
  await lib.playOneByOne(page);
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

test('huge heaps keep the page no wider than the screen, at 1280 and 390 px, with every number exact', async () => {
  const heaps = [18446744073709551615n, 12345678901234567n];
  const sg = heaps[0] ^ heaps[1];
  for (const width of [1280, 390]) {
    const { page, errors } = await lib.open(browser.context);
    await page.setViewportSize({ width, height: 900 });
    await lib.forgetStatus(page, 'starting');
    await page.selectOption('#preset', 'nim');
    await page.fill('#position', heaps.join(' '));
    await page.click('#new-game');
    await lib.settled(page);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, view: window.innerWidth }));
    assert.ok(widths.page <= widths.view, `at ${width} px the page is ${widths.page} px wide`);
    // The numbers, exact: the heaps on the board, the value, the nim-sum of the working.
    assert.deepEqual(await page.$$eval('.heap-size', (s) => s.map((e) => e.textContent)), heaps.map(String));
    assert.equal(await page.textContent('#sg'), String(sg));
    assert.equal(await page.textContent('#xor-sum'), `nim-sum s = ${heaps.join(' XOR ')} = ${sg}`);
    // Each heap a bar of its own on the drawing, whose box is inside the board; the rows
    // under it name the heaps with their exact sizes.
    await page.waitForSelector('#board .drawing svg', { state: 'attached' });
    assert.equal(await page.locator('#board .drawing rect.bar').count(), 2);
    const board = await page.locator('#board').boundingBox();
    for (const bar of await page.locator('#board .drawing, .heap-size').all()) {
      const box = await bar.boundingBox();
      assert.ok(box.x >= board.x - 0.5 && box.x + box.width <= board.x + board.width + 0.5, `${JSON.stringify(box)} in ${JSON.stringify(board)}`);
    }
    // The 64-column table scrolls inside its own box, its large columns named by bit.
    const table = await page.$eval('#balance-scroll', (box) => ({
      scrolls: box.scrollWidth > box.clientWidth, right: box.getBoundingClientRect().right,
      heads: [...box.querySelectorAll('tr:first-of-type th')].slice(2).map((th) => th.textContent),
    }));
    assert.ok(table.scrolls, 'the table scrolls in its box');
    assert.ok(table.right <= width, JSON.stringify(table));
    assert.equal(table.heads.length, 64);
    assert.deepEqual(table.heads.slice(0, 3), ['2^63', '2^62', '2^61']);
    assert.ok(table.heads.includes('2^38'));
    assert.deepEqual(table.heads.slice(-4), ['8', '4', '2', '1']);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('once a game is over: Play again starts the same position, New random position another of the same game', async () => {
  const { page, errors } = await start({ preset: 'bounded:3', position: '3 2', misere: false });
  assert.equal(await page.isVisible('#after-game'), false, 'no such buttons during a game');
  // Take the whole first heap; the computer then takes the other, and wins.
  const winAgainst = async () => {
    await lib.forgetStatus(page, 'moving');
    await page.click('#board [data-move="1 -> 0"]');
    await lib.settled(page);
    assert.equal(await page.getAttribute('#status', 'data-winner'), 'computer');
  };
  await winAgainst();
  assert.ok(await page.isVisible('#play-again'));
  assert.ok(await page.isVisible('#new-random'));
  // The form changed since: Play again still plays the game just finished.
  await page.selectOption('#preset', 'kayles');
  await page.fill('#position', '9');

  await lib.forgetStatus(page, 'starting');
  await page.click('#play-again');
  await lib.settled(page);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  assert.deepEqual(await page.$$eval('.heap-size', (s) => s.map((e) => e.textContent)), ['3', '2']);
  assert.equal(await page.textContent('#game-title'), 'bounded:3');
  assert.equal(await page.locator('#log li').count(), 0);
  assert.equal(await page.isVisible('#after-game'), false);

  await winAgainst();
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-random');
  await lib.settled(page);
  assert.equal(await page.textContent('#game-title'), 'bounded:3');
  assert.equal(await page.textContent('#rules'), 'A move takes 1 to 3 objects from one heap.');
  const heaps = await page.$$eval('.heap-size', (s) => s.map((e) => e.textContent));
  // A random position of 2 to 4 heaps of 1 to 12 (3 2 would be one chance in thousands).
  assert.ok(heaps.length >= 2 && heaps.length <= 4 && heaps.every((h) => /^([1-9]|1[0-2])$/.test(h)), heaps.join(' '));
  assert.equal(await page.inputValue('#position'), heaps.join(' '));
  assert.deepEqual(errors, []);
  await page.close();
});
