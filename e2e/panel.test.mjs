// Browser tests of the analysis panel: hidden until asked for (and the choice remembered), and
// the balance table with its legend, its unbalanced columns and the XOR working beside it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser, launch, open, settled, SHOW_ANALYSIS_KEY } from './lib.mjs';

const browser = sharedBrowser();

test('the analysis is hidden on a fresh profile, shown on request, and the choice is remembered', async () => {
  // A browser of its own: a fresh profile, nobody has asked for the analysis yet.
  const fresh = await launch({ showAnalysis: false });
  try {
    const { page, errors } = await open(fresh.context);
    await settled(page);
    assert.equal(await page.evaluate((k) => window.localStorage.getItem(k), SHOW_ANALYSIS_KEY), null);
    // Hidden: no outcome, value or winning move to read, and the button that shows them.
    for (const id of ['#outcome', '#sg', '#winning-moves', '#balance-wrap']) {
      assert.equal(await page.isVisible(id), false, `${id} is hidden`);
    }
    assert.equal(await page.textContent('#toggle-analysis'), 'Show analysis');
    assert.equal(await page.getAttribute('#toggle-analysis', 'aria-expanded'), 'false');
    assert.ok(await page.isVisible('#analysis-note'));

    await page.click('#toggle-analysis');
    assert.ok(await page.isVisible('#outcome'));
    assert.match(await page.textContent('#outcome'), /^[NP]: /);
    assert.equal(await page.textContent('#toggle-analysis'), 'Hide analysis');
    assert.equal(await page.isVisible('#analysis-note'), false);

    // Remembered: a reload shows it at once.
    await page.reload();
    await settled(page);
    assert.ok(await page.isVisible('#outcome'), 'still shown after a reload');
    assert.equal(await page.textContent('#toggle-analysis'), 'Hide analysis');

    // And hiding it again is remembered too.
    await page.click('#toggle-analysis');
    await page.reload();
    await settled(page);
    assert.equal(await page.isVisible('#outcome'), false, 'still hidden after a reload');
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    await fresh.close();
  }
});

test('the balance table has a legend, labels its unbalanced columns, and shows the XOR working beside it', async () => {
  const { page, errors } = await browser.start({ preset: 'nim', position: '7 9 12 15' });
  // The legend names what the colours and marks mean.
  assert.ok(await page.isVisible('#balance-legend'));
  const legend = (await page.textContent('#balance-legend')).replace(/\s+/g, ' ');
  assert.match(legend, /unbalanced column: an odd number of 1s/);
  assert.match(legend, /winning move lowers it/);
  assert.match(await page.textContent('#balance-caption'), /one column per power of two.*odd number of 1s/);
  // A row labelled "unbalanced" marks columns 8, 4 and 1 (13 = 8 + 4 + 1).
  const marked = await page.$$eval('#balance tr.unbalanced-row td', (tds) => {
    const heads = [...document.querySelectorAll('#balance tr:first-of-type th')].map((th) => th.textContent);
    return { label: tds[0].textContent, columns: tds.flatMap((td, k) => (td.textContent === '▲' ? [heads[k]] : [])) };
  });
  assert.deepEqual(marked, { label: 'unbalanced', columns: ['8', '4', '1'] });
  // The working, without opening "Why": each heap XOR the nim-sum, and how many to take.
  assert.equal(await page.getAttribute('#why', 'open'), null);
  assert.ok(await page.isVisible('#xor-working'));
  assert.equal(await page.textContent('#xor-sum'), 'nim-sum s = 7 XOR 9 XOR 12 XOR 15 = 13');
  assert.deepEqual(await page.$$eval('#xor-steps li', (lis) => lis.map((li) => li.textContent)), [
    'heap 1: 7 XOR 13 = 10 → 10 is not smaller than 7: no winning move here',
    'heap 2: 9 XOR 13 = 4 → take 5, leaving 4',
    'heap 3: 12 XOR 13 = 1 → take 11, leaving 1',
    'heap 4: 15 XOR 13 = 2 → take 13, leaving 2',
  ]);
  // Beside the table at this width, not under it.
  const [table, working] = await Promise.all(['#balance', '#xor-working'].map((s) => page.locator(s).boundingBox()));
  assert.ok(working.x >= table.x + table.width, `${JSON.stringify(table)} ${JSON.stringify(working)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the XOR working of a balanced position and of heap values', async () => {
  let { page, errors } = await browser.start({ preset: 'nim', position: '1 2 3' });
  assert.match(await page.textContent('#xor-steps'), /^s = 0: every column is balanced/);
  assert.deepEqual(errors, []);
  await page.close();
  // Kayles: the rows are the values of its rows of pins (issue 49 row 7: it names rows, as
  // its board does), G(7) = 2 and G(4) = 1; a move may raise a value, and 4 -> 2 (value 2)
  // does.
  ({ page, errors } = await browser.start({ preset: 'kayles', position: '7 4' }));
  assert.equal(await page.textContent('#balance-title'), 'Binary balance table of the row values');
  assert.deepEqual(await page.$$eval('#xor-steps li', (lis) => lis.map((li) => li.textContent)), [
    'row 1: 2 XOR 3 = 1 → a move to value 1 wins',
    'row 2: 1 XOR 3 = 2 → 2 is larger, but a move of this row leaves value 2: it wins',
  ]);
  await page.close();
  // subtraction:2,5, G(3) = 1 and G(0) = 0: an empty heap has no move to value 1.
  ({ page, errors } = await browser.start({ preset: 'subtraction:2,5', position: '3 0' }));
  assert.deepEqual(await page.$$eval('#xor-steps li', (lis) => lis.map((li) => li.textContent)), [
    'heap 1: 1 XOR 1 = 0 → a move to value 0 wins',
    'heap 2: 0 XOR 1 = 1 → 1 is larger, and no move of this heap leaves value 1',
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an N-position whose winning moves are too many to list says so, never "None"', async () => {
  // Kayles of 10^18 has every winning move known now (as families: see huge.test.mjs); a heap
  // of hex:0.8 (splits into three heaps) whose moves are past the budget is not looked through.
  // The page sends no budget, so the test adds a small one to its analyses.
  const { page, errors } = await lib.open(browser.context);
  await page.route('**/api/analyze*', (route) => route.continue({
    postData: JSON.stringify({ ...JSON.parse(route.request().postData()), budget: 10000 }),
  }));
  await lib.settled(page);
  await page.selectOption('#preset', 'custom');
  await page.fill('#game', 'hex:0.8');
  await page.fill('#position', '600 5');
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-game');
  await lib.settled(page);
  assert.match(await page.textContent('#outcome'), /^N:/);
  const moves = await page.textContent('#winning-moves');
  assert.doesNotMatch(moves, /None/);
  assert.match(moves, /Not listed/);
  assert.match(await page.textContent('#winning-count'), /^\(0 listed; the winning moves in heap 1 \(600 of hex:0\.8\) are not listed: /);
  assert.equal(await page.isVisible('#moves-intro'), false);
  assert.equal(await page.isVisible('#families-wrap'), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone, wide tables scroll sideways and say so, the Why text keeps its columns, and the plot is legible', async () => {
  const phone = await launch({ width: 390, height: 844 });
  try {
    const { page, errors, failed } = await lib.start(phone.context,
      { preset: 'nim', position: '18446744073709551615 12345678901234567890 999' });
    // The balance table of 20-digit heaps is wider than the screen: it scrolls, and says so.
    const balance = await page.$eval('#balance-scroll', (e) => ({ scroll: e.scrollWidth, client: e.clientWidth, marked: e.classList.contains('scrolls') }));
    assert.ok(balance.scroll > balance.client && balance.marked, JSON.stringify(balance));
    assert.ok(await page.isVisible('#balance-scroll-note'));
    assert.match(await page.textContent('#balance-scroll-note'), /scroll it sideways/);
    // The Why text: sentences wrap, the table's lines keep their columns in a box that scrolls.
    await page.click('#why summary');
    const tables = await page.$$eval('#explanation .why-table', (ps) => ps.map((p) => ({
      whiteSpace: getComputedStyle(p).whiteSpace,
      scrolls: p.scrollWidth > p.clientWidth && p.classList.contains('scrolls'),
    })));
    assert.ok(tables.length > 0, 'the binary table is a block of its own');
    for (const t of tables) {
      assert.equal(t.whiteSpace, 'pre', JSON.stringify(t));
      assert.ok(t.scrolls, JSON.stringify(t));
    }
    const text = await page.textContent('#explanation');
    assert.match(text, /^Nim \(Bouton's theorem\)/);
    assert.match(text, /\nheap 1 +18446744073709551615 +1 +1/, 'the lines read as the analysis wrote them');
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(wide <= 0, `the page is no wider than the screen: ${wide} px more`);

    // The plot of a heap ruleset with a period: drawn at the width it shows, labels of 12 px,
    // shaded bands and a caption that says what they are.
    await lib.forgetStatus(page, 'starting');
    await page.selectOption('#preset', 'subtraction:2,5');
    await page.fill('#position', '9');
    await page.click('#new-game');
    await settled(page);
    await page.waitForSelector('#sg-plot svg');
    const plot = await page.$eval('#sg-plot svg', (svg) => {
      const box = svg.getBoundingClientRect();
      const label = svg.querySelector('text').getBoundingClientRect();
      return { scale: box.width / svg.viewBox.baseVal.width, label: label.height, bands: svg.querySelectorAll('rect[fill="#eef3fc"]').length };
    });
    assert.ok(Math.abs(plot.scale - 1) < 0.05, `drawn at its width: ${JSON.stringify(plot)}`);
    assert.ok(plot.label >= 11, `labels are legible: ${JSON.stringify(plot)}`);
    assert.ok(plot.bands > 0, 'the periods are shaded');
    assert.match(await page.textContent('#plot-caption'), /shaded bands mark the periods: from n = \d+ the values repeat every 7/);
    assert.deepEqual(errors, []);
    assert.deepEqual(failed, []);
  } finally {
    await phone.close();
  }
});
