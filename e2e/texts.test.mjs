// Browser tests of what the page says (issue 49): the sequence panel tells the truth about a
// period past the plot and widens to it, shows misère outcomes under misère play, the move
// syntax names the game's own numbers, an Every-SG sum has one numbering and an example that
// is a legal turn, and on a phone a wide table says it scrolls and a long value cell stays short.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser, launch } from './lib.mjs';

const browser = sharedBrowser();

/** Waits until no request of the sequence plot is under way. */
const plotSettled = (page) => page.waitForFunction(() => !document.getElementById('sg-plot-wrap').dataset.loading);

test('Kayles: a period past the plot is the rule, the caption says so, and a control widens the plot to it', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'kayles', position: '10 7' });
  await plotSettled(page);
  assert.equal(await page.textContent('#period'), '(period 12 from n = 71)');
  // The proven period is the rule, though the plot stops at 30.
  assert.match(await page.textContent('#sg-rule-words'), /^G\(n\) is periodic with period 12 from n = 71 .*\(proven\)$/);
  // The caption once said "from n = 71 the value stays the same" (false: period 12).
  const caption = await page.textContent('#plot-caption');
  assert.match(caption, /from 0 to 30;.*from n = 71 the values repeat every 12 \(past this plot: widen it to see it\)\./);
  assert.doesNotMatch(caption, /stays the same/);
  // The control widens the plot past the pre-period: two periods after it, shaded.
  assert.equal(await page.textContent('#sg-widen'), 'Show n = 0 to 95');
  await page.click('#sg-widen');
  await plotSettled(page);
  await page.waitForFunction(() => document.getElementById('sg-upto').value === '95');
  const bars = await page.$$eval('#sg-plot svg rect title', (ts) => ts.length);
  assert.equal(bars, 96);
  assert.ok(await page.$$eval('#sg-plot svg rect[fill="#eef3fc"]', (rs) => rs.length) > 0, 'the periods are shaded');
  assert.match(await page.textContent('#plot-caption'), /from 0 to 95;.*shaded bands mark the periods: from n = 71 the values repeat every 12\.$/);
  assert.equal(await page.isVisible('#sg-widen'), false);
  // Any range, typed.
  await page.fill('#sg-upto', '200');
  await page.press('#sg-upto', 'Enter');
  await page.waitForFunction(() => document.querySelectorAll('#sg-plot svg rect title').length === 201);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('under misère play the plot shows who wins each single heap, not the normal-play values', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'kayles', position: '10 7', misere: true });
  await plotSettled(page);
  assert.equal(await page.textContent('#sg-title'), 'Misère outcomes of single heaps');
  const titles = await page.$$eval('#sg-plot svg rect title', (ts) => ts.map((t) => t.textContent));
  // Misère Kayles: heaps of 1, 4, 9 and 12 are lost for the player to move (P), 0, 2, 3 won.
  assert.deepEqual(titles.slice(0, 5), ['heap of 0: N', 'heap of 1: P', 'heap of 2: N', 'heap of 3: N', 'heap of 4: P']);
  assert.equal(titles[9], 'heap of 9: P');
  assert.match(await page.textContent('#plot-caption'), /^Misère play \(the last move loses\): who wins a heap of n alone/);
  assert.match(await page.textContent('#plot-caption'), /Plambeck and Siegel's misère quotient/);
  // No normal-play rule under it.
  assert.equal(await page.isVisible('#sg-rule'), false);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('the move syntax names the game\'s own numbers', async () => {
  for (const [preset, position, own, kind] of [
    ['bounded:3', '10 7 4', '(1 to 3)', '(1 to K)'],
    ['subtraction:2,5', '9', '(a size in 2, 5)', '(a size in S)'],
  ]) {
    const { page, errors } = await browser.start({ preset, position });
    const syntax = await page.textContent('#move-syntax');
    assert.ok(syntax.includes(own) && !syntax.includes(kind), `${preset}: ${syntax}`);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('Every-SG: the rows name each game, and the example is a legal turn', async () => {
  const { page, errors } = await browser.start({ preset: 'sum', position: 'euclid=5,3 euclid=3,2', every: true });
  const rows = await page.$$eval('#board .heap', (rs) => rs.map((r) => r.textContent));
  assert.deepEqual(rows, ['game 1euclid 5 3', 'game 2euclid 3 2']);
  // The example names a move in each game; clicked and played, it is accepted.
  const example = await page.textContent('#move-syntax button.example');
  assert.equal(example, '1: 1 -> 2; 2: 1 -> 1');
  await page.click('#move-syntax button.example');
  assert.equal(await page.inputValue('#move-text'), example);
  await lib.forgetStatus(page, 'moving');
  await page.click('#typed button[type="submit"]');
  await lib.settled(page);
  assert.equal(await page.textContent('#error'), '');
  const log = await page.$$eval('#log li .t', (ts) => ts.map((t) => t.textContent));
  assert.match(log[0], /^you: in game 1 \(euclid\): .*; in game 2 \(euclid\): /);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone the Why table says it scrolls, and a value not computed is a short cell', async () => {
  const phone = await launch({ width: 390, height: 844 });
  try {
    let { page, errors } = await lib.start(phone.context, { preset: 'nim', position: '1000000000000 999999999999 123456789012' });
    await page.click('#why summary');
    await page.waitForSelector('#explanation .why-table.scrolls');
    const notes = await page.$$eval('#explanation .why-table', (ts) => ts.map((t) => {
      const note = t.previousElementSibling;
      return note?.classList.contains('scroll-note') && !note.hidden ? note.textContent : null;
    }));
    assert.ok(notes.length > 0 && notes.every((n) => /scroll it sideways/.test(n ?? '')), JSON.stringify(notes));
    assert.deepEqual(errors, []);
    await page.close();

    ({ page, errors } = await lib.start(phone.context, { preset: 'wythoff', position: '1000000000000000000 999999999999999999' }));
    // The cell once held the whole reason in bold, 9 lines on a phone: now its first words,
    // the reason behind "why".
    const cell = await page.$eval('#sg', (e) => ({ height: e.getBoundingClientRect().height, text: e.textContent }));
    assert.ok(cell.height < 40, JSON.stringify(cell));
    assert.match(cell.text, /^not computed why/);
    await page.click('#sg .cell-note summary');
    assert.match(await page.textContent('#sg .cell-note'), /Wythoff's values have no known closed form/);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `the page is no wider than the screen: ${wide} px more`);
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await phone.close();
  }
});
