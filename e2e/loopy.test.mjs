// A game written as text in the Game name box, the position left empty (issue 81): a loopy game
// in CGSuite's notation is valued, not played. a:{0,a|*} is upon, a stopper (its simplest form
// under "Why"); dud is on & off, a draw with either player first, not a stopper (its sides
// under "Why"); a text that does not read says which part; a short game's value panel after it
// has its own rows again (mean, thermograph); a comparison, a form's options and cooling typed
// the same way are answered (issue 84). At 1280 and 390 px. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus } from './lib.mjs';

/** Types `text` as the game with no position, presses New game and waits for the answer. */
async function valueOf(page, text) {
  await page.selectOption('#preset', 'custom');
  await page.fill('#game', text);
  await page.fill('#position', '');
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await page.waitForFunction(() => ['value', 'error'].includes(document.getElementById('status').dataset.state),
    null, { timeout: 15000 });
  // "Why" stays open from one game to the next: a second click would close it.
  if (!(await page.evaluate(() => document.getElementById('why').open))) await page.click('#why summary');
  return page.evaluate(() => {
    const text = (id) => document.getElementById(id).textContent;
    const shown = (id) => !document.getElementById(id).hidden;
    return {
      status: document.getElementById('status').dataset.state,
      label: text('sg-label'),
      value: text('sg'),
      canonical: text('value-canonical'),
      leftFirst: text('value-left-first'),
      rightFirst: text('value-right-first'),
      stopper: text('value-stopper'),
      sides: text('value-sides'),
      loopyRows: shown('value-left-first'),
      meanRow: shown('value-mean'),
      why: text('explanation'),
      error: document.getElementById('error').hidden ? '' : text('error'),
    };
  });
}

for (const width of [1280, 390]) {
  test(`loopy games written as text are valued on the page at ${width} px`, async () => {
    const browser = await launch({ width, height: width > 500 ? 1000 : 844 });
    try {
      const { page, errors, failed } = await open(browser.context);
      await settled(page);
      const upon = await valueOf(page, 'a:{0,a|*}');
      assert.equal(upon.status, 'value', upon.error);
      assert.equal(upon.label, 'Value');
      assert.equal(upon.value, 'upon');
      assert.equal(upon.canonical, 'upon');
      assert.equal(upon.leftFirst, 'Left wins');
      assert.equal(upon.rightFirst, 'Left wins');
      assert.match(upon.stopper, /^yes/);
      assert.match(upon.sides, /simplest form, upon$/);
      assert.ok(upon.loopyRows && !upon.meanRow, 'a loopy game has no mean row');
      assert.match(upon.why, /loopy game/);

      const dud = await valueOf(page, 'dud');
      assert.equal(dud.value, 'on & off');
      assert.equal(dud.leftFirst, 'a draw: play goes on for ever');
      assert.equal(dud.rightFirst, 'a draw: play goes on for ever');
      assert.match(dud.stopper, /^no/);
      assert.equal(dud.sides, 'onside on, offside off');
      assert.match(dud.why, /onside on, where endless play counts as a win for Left/);
      // The page is no wider than the screen.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

      const bad = await valueOf(page, 'a:{0,b|*}');
      assert.equal(bad.status, 'error');
      assert.match(bad.error, /'b' is not a label defined/);
      // The bad text's 400 is the only failed request.
      assert.equal(failed.length, 1, failed.join('\n'));
      assert.match(failed[0], /400$/);

      // The worksheet's lines (issue 84): a comparison says true or false and the relation
      // found, a form's options are listed, cooling is a value like any other.
      const compared = await valueOf(page, '{1|0} >= *');
      assert.equal(compared.status, 'value', compared.error);
      assert.equal(compared.value, 'true');
      assert.match(compared.why, /\{1\|0\} >= \* is true: \{1\|0\} > \*\./);
      const options = await valueOf(page, 'options({2|-1})');
      assert.match(options.why, /\{2\|-1\} has Left's options 2 and Right's options -1\./);
      const cooled = await valueOf(page, 'cool({3|-1}, 1)');
      assert.equal(cooled.value, '{2|0}');
      assert.equal(cooled.canonical, '{2|0}');

      // A game of the list after them: its value panel has the short game's rows again.
      await page.selectOption('#preset', 'kl:2,3');
      await page.fill('#position', '4');
      await forgetStatus(page, 'starting');
      await page.click('#new-game');
      await settled(page);
      await page.waitForSelector('#value-panel:not([hidden]) #thermograph svg', { timeout: 15000 });
      assert.equal(await page.textContent('#value-canonical'), '{0,*|↓,↓*}');
      assert.ok(await page.isVisible('#value-mean'));
      assert.ok(!(await page.isVisible('#value-left-first')));
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
