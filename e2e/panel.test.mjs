// Browser tests of the analysis panel: hidden until asked for (and the choice remembered), and
// the balance table with its legend, its unbalanced columns and the XOR working beside it.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { launch, open, settled, SHOW_ANALYSIS_KEY } from './lib.mjs';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

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
