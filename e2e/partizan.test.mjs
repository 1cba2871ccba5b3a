// Partizan games on the page (issue 64, item 3): Random gives coloured Hackenbush pictures as
// well as green ones; the summary's value row is "Value", Conway's value, for a partizan
// position, with no row of heap values where there are no heaps; the thermograph writes both
// stops and 0 on its value axis; misère play and Every-SG of a partizan game are refused in
// those words, with no level advice and no command-line flag; a finished game's drawing says who
// won, not who is to move. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus, centreOfMove } from './lib.mjs';

const browser = sharedBrowser();

/** Starts `position` of the selector's game `preset` (`misere`, `every`: those conventions). */
async function startGame(page, preset, position, { misere = false, every = false } = {}) {
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await page.setChecked('#misere', misere);
  await page.setChecked('#every', every);
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await page.waitForFunction(
    () => ['your-move', 'win', 'lose', 'draw', 'error', 'stopped'].includes(document.getElementById('status').dataset.state),
    null, { timeout: 20000 },
  );
}

/** /api/value of a position, asked from the page. */
const apiValue = (page, game, position) => page.evaluate(async ([g, p]) => {
  const res = await fetch(`/api/value?game=${encodeURIComponent(g)}&position=${encodeURIComponent(p)}`);
  return res.json();
}, [game, position]);

/** The summary's rows as shown: name and value of each visible one. */
const summaryRows = (page) => page.$$eval('#summary dt', (dts) => dts.filter((dt) => !dt.hidden)
  .map((dt) => [dt.textContent, dt.nextElementSibling.hidden ? null : dt.nextElementSibling.textContent]));

test('Random gives coloured Hackenbush pictures as well as green ones', async () => {
  const { page, errors } = await browser.start({ preset: 'hackenbush', position: '0-1,1-2 0-1' });
  const positions = await page.evaluate(async () => {
    const out = [];
    for (let k = 0; k < 24; k++) out.push(await randomPosition('hackenbush', null));
    return out;
  });
  const coloured = positions.filter((p) => /:[br]/.test(p));
  assert.ok(coloured.length > 0, `a coloured picture among ${positions.join(' | ')}`);
  assert.ok(positions.some((p) => !p.includes(':')), `a green picture among ${positions.join(' | ')}`);
  // A coloured one starts a game, with Conway's value in the summary.
  await startGame(page, 'hackenbush', coloured[0]);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move', await page.textContent('#status'));
  assert.deepEqual(errors, []);
  await page.close();
});

test('the summary shows Conway\'s value, named Value, for partizan positions, and no heap values', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'nim', position: '3 5' });
  // An impartial game keeps its Sprague-Grundy value and heap values.
  assert.deepEqual(await summaryRows(page), [
    ['To move', 'the first player (you)'], ['Outcome', 'N: the first player (you) wins with best play'],
    ['Sprague-Grundy value', '6'], ['Heap values', '3, 5']]);
  for (const [preset, position] of [['domineering', '../..'], ['hackenbush', '0-1:b,1-2:r 0-1:r,0-2:b'],
    ['kl:2,3', '4']]) {
    await startGame(page, preset, position);
    const expected = await apiValue(page, preset, position);
    await page.waitForFunction(() => document.getElementById('sg-label').textContent === 'Value', null, { timeout: 15000 });
    const rows = await summaryRows(page);
    assert.deepEqual(rows.map(([name]) => name), ['To move', 'Outcome', 'Value'], `${preset} ${position}`);
    assert.equal(rows[2][1], expected.canonical, `${preset} ${position}`);
    // The players are Left and Right, the outcome Conway's class with the mover's fate.
    assert.equal(rows[0][1], 'Left (you)', `${preset} ${position}`);
    const fate = ['L', 'N'].includes(expected.outcome) ? 'wins' : 'loses';
    assert.equal(rows[1][1], `${expected.outcome}: ${expected.outcome_words}; Left (you), to move, ${fate}`, `${preset} ${position}`);
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('the thermograph writes both stops and 0 on its value axis', async () => {
  const { page, errors } = await browser.start({ preset: 'nim', position: '3' });
  // {2|1} + ... : Left stop and Right stop close together, 0 outside the walls.
  for (const [preset, position] of [['domineering', '../..'], ['domineering', '.../.../...'], ['kl:2,3', '4 3']]) {
    await startGame(page, preset, position);
    await page.click('#why summary').catch(() => {});
    await page.waitForSelector('#value-panel:not([hidden]) #thermograph svg', { timeout: 15000 });
    const v = await apiValue(page, preset, position);
    const axis = await page.$$eval('#thermograph text.axis-value', (ts) => ts.map((t) => t.textContent));
    for (const n of new Set([...v.stops, '0'])) {
      assert.ok(axis.includes(n), `${preset} ${position}: ${n} on the axis (${axis.join(', ')})`);
    }
    await page.evaluate(() => { document.getElementById('why').open = false; });
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('misère play and Every-SG of a partizan game are refused plainly, without level advice or a flag', async () => {
  const { page } = await browser.start({ preset: 'nim', position: '3' });
  // Coloured Hackenbush under misère play is searched position by position: not refused.
  for (const [preset, position, conventions] of [['domineering', '../..', { misere: true }],
    ['cutcake', '2x3', { misere: true }], ['domineering', '../..', { every: true }],
    ['hackenbush', '0-1:b,1-2:r', { every: true }]]) {
    {
      await startGame(page, preset, position, conventions);
      const text = `${await page.textContent('#status')} ${await page.textContent('#error')} ${
        await page.textContent('#analysis-error')}`;
      const what = `${preset} ${position} ${JSON.stringify(conventions)}: ${text}`;
      assert.match(text, /(misère play|Every-SG) of .+ is not computed here/i, what);
      assert.doesNotMatch(text, /level|--[a-z]/, what);
    }
  }
  await page.close();
});

test('a finished partizan game\'s drawing says who won, not who is to move', async () => {
  const { page, errors } = await browser.start({ preset: 'nim', position: '3' });
  for (const [preset, position, move, words] of [
    ['hackenbush', '0-1:b', 'cut 0-1:b', 'No edge is left: the first player wins'],
    ['domineering', '.#./#.#', null, 'Left has no room for a domino: Right wins'],
  ]) {
    await startGame(page, preset, position);
    if (move) {
      const point = await centreOfMove(page, move);
      assert.ok(point, `${preset} ${position}: a target of ${move}`);
      await forgetStatus(page, 'moving');
      await page.mouse.click(point.x, point.y);
      await settled(page);
    }
    await page.waitForSelector('#board .drawing svg');
    const text = await page.textContent('#board .drawing svg');
    assert.doesNotMatch(text, /to move/, `${preset} ${position}: ${text}`);
    assert.match(text, new RegExp(words), `${preset} ${position}: ${text}`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
