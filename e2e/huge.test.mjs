// Browser tests of huge games: Kayles on a row of 10^18 pins played perfectly by the computer,
// its 83,333,333,333,333,338 winning moves shown as an exact count and families, level perfect
// refusing a position it cannot solve (Grundy's game past its table) before any game starts,
// and the computer's move in a lost position too big to search.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser, open, settled } from './lib.mjs';

const browser = sharedBrowser();

const KAYLES = '1000000000000000000';

/** The heaps on the board, as the page writes them (strings of digits). */
const heapsOnBoard = (page) => page.$$eval('#board .heap-size', (s) => s.map((e) => e.textContent));

/** The server's analysis of a position, asked by the test itself (integers as strings). */
const analyze = (page, body) => page.evaluate(async (b) => {
  const r = await fetch('/api/analyze?big=strings', {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ ...b, limit: 0 }),
  });
  return { status: r.status, body: await r.json() };
}, body);

/** Fills in the setup form and presses New game, without waiting for the game to start. */
async function submit(page, { preset, position, level = 'perfect', computerFirst = false }) {
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await page.setChecked('#misere', false);
  await page.setChecked('#computer-first', computerFirst);
  await page.selectOption('#level', level);
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-game');
}

test('the computer plays Kayles on 10^18 pins perfectly: every position it leaves has value 0', async () => {
  const { page, errors, failed } = await browser.start({ preset: 'kayles', position: KAYLES, computerFirst: true });
  for (let round = 1; round <= 4; round++) {
    assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move', `round ${round}`);
    const heaps = await heapsOnBoard(page);
    const last = await page.textContent('#log li:last-child');
    assert.match(last, /computer: .* \(a winning move\)$/, `round ${round}`);
    // What the computer left, asked of the server apart from the page: a lost position for the
    // person (value 0), whose panel says there is no winning move.
    const { status, body } = await analyze(page, { game: 'kayles', position: heaps });
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.sg, '0', `round ${round}: ${heaps.join(' ')}`);
    assert.equal(body.winning_move_count, '0');
    assert.equal(await page.textContent('#sg'), '0');
    assert.equal(await page.textContent('#winning-count'), '(0)');
    assert.equal(await page.textContent('#winning-moves li.none'), 'None: every move loses against best play.');
    assert.equal(await page.isVisible('#families-wrap'), false);
    // The person takes 1 or 2 pins from the end of the largest row, typed.
    const largest = heaps.reduce((best, h, i) => (BigInt(h) > BigInt(heaps[best]) ? i : best), 0);
    await page.fill('#move-text', `${largest + 1} ${round % 2 === 1 ? 1 : 2}`);
    await lib.forgetStatus(page, 'moving');
    await page.click('#typed button[type=submit]');
    await settled(page);
    assert.match(await page.textContent('#log'), new RegExp(`you: knock down ${round % 2 === 1 ? '1 pin' : '2 pins'} from row ${largest + 1}`));
  }
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('the panel of Kayles on 10^18 pins: the exact count, the families, the first 100 moves', async () => {
  const context = browser.context;
  const bodies = [];
  const { page, errors, failed } = await open(context);
  page.on('request', (r) => {
    if (r.url().includes('/api/analyze')) bodies.push(JSON.parse(r.postData()));
  });
  await settled(page);
  await submit(page, { preset: 'kayles', position: KAYLES });
  await settled(page);
  // The page asks for a hundred moves one by one, not the server's 10,000.
  assert.equal(bodies.at(-1).limit, 100);
  assert.equal(await page.textContent('#winning-count'), '(83333333333333338)');
  const families = await page.$$eval('#winning-families li', (lis) => lis.map((li) => ({ text: li.textContent, count: li.dataset.count })));
  assert.deepEqual(families.map((f) => f.count), ['41666666666666661', '41666666666666661']);
  for (const f of families) {
    assert.match(f.text, /^knock down 2 pins from row 1, leaving rows of a and 999999999999999998 - a, for every a = [17] \(mod 12\) with 7[39] <= a <= 49999999999999999[39] \(41666666666666661 moves\)$/);
  }
  assert.equal(await page.textContent('#families-intro'),
    '2 families hold 83333333333333322 of them: each line is a winning move for every a in its range.');
  assert.equal(await page.textContent('#moves-intro'),
    'The first 100 of 83333333333333338, one by one; with the families above they give every one:');
  const moves = await lib.winningMoves(page);
  assert.equal(moves.length, 100);
  assert.equal(moves[0].text, 'knock down 2 pins from row 1, leaving rows of 1 and 999999999999999997 (1000000000000000000 -> 1 + 999999999999999997)');
  assert.equal(moves[0].to, '1 999999999999999997');
  // Every listed move is one the server's own count knows: the page shows the digits it was
  // sent, never a float's.
  assert.doesNotMatch(await page.textContent('#analysis'), /e\+|83333333333333340|NaN|undefined/);
  // The person plays a move of a family (a = 85 = 1 mod 12): the computer, facing value 0,
  // holds out; its note says so.
  await page.fill('#move-text', '1 -> 85 999999999999999913');
  await lib.forgetStatus(page, 'moving');
  await page.click('#typed button[type=submit]');
  await settled(page);
  assert.match(await page.textContent('#log li:first-child'), /you: knock down 2 pins from row 1, leaving rows of 85 and 999999999999999913/);
  assert.match(await page.textContent('#log li:last-child'), /computer: .*\(lost position: /);
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});

test('level perfect refuses Grundy\'s game past its table before any game; level good plays it', async () => {
  const { page, errors } = await open(browser.context);
  await settled(page);
  await submit(page, { preset: 'grundys-game', position: '100000000' });
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'error');
  assert.equal(await page.textContent('#status'),
    'Level perfect cannot play this position perfectly: choose level good or easy to play it anyway, or press New game for another.');
  const box = await page.$eval('#error', (b) => ({ hidden: b.hidden, text: b.textContent, command: b.querySelector('code')?.textContent }));
  assert.equal(box.hidden, false);
  assert.match(box.text, /^Level perfect cannot promise perfect play here, so the game did not start: G\(100000000\) of grundys-game is not known: /);
  assert.equal(box.command, 'grundy sg grundys-game --upto 100000000 --store DIR --summary');
  assert.equal(await page.locator('#board > *').count(), 0, 'no board');
  assert.equal(await page.locator('#log li').count(), 0, 'no move');
  assert.equal(await page.textContent('#rules'), '');

  // At level good the computer plays without that promise: the game starts, the panel says why
  // it has no analysis.
  await submit(page, { preset: 'grundys-game', position: '100000000', level: 'good', computerFirst: true });
  await settled(page);
  assert.equal(await page.isVisible('#error'), false);
  assert.equal(await page.locator('#log li').count(), 1);
  assert.match(await page.textContent('#log li'),
    /^1\.computer: split heap 1 into \d+ and \d+ .*\((the position is lost or unsolved: the smallest move|a deliberate mistake at this level)/);
  assert.equal(await page.locator('#board .heap').count(), 2);
  assert.equal(await page.textContent('#rules'), 'A move splits one heap into two unequal non-empty heaps.');
  assert.equal(await page.textContent('#outcome'), 'not available (see below)');
  assert.match(await page.textContent('#analysis-error'), /^No analysis of this position here: G\(\d+\) of grundys-game is not known: /);
  assert.match(await page.textContent('#analysis-error code'), /^grundy sg grundys-game --upto \d+ --store DIR --summary$/);
  // Page errors only: the refused analyses are answers the page expects.
  assert.deepEqual(errors, []);
  await page.close();
});

test('in a huge lost position the computer leaves the fewest winning replies, and says so', async () => {
  const { page, errors, failed } = await browser.start({
    preset: 'nim', position: `${KAYLES} ${KAYLES} 7 7`, computerFirst: true,
  });
  assert.match(await page.textContent('#log li:first-child'),
    /^1\.computer: take \d+ from heap \d .*\(lost position: the move that leaves the fewest winning replies \(\d+ of them, the fewest among \d+ moves looked at\)\)$/);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'N');
  assert.deepEqual(errors, []);
  assert.deepEqual(failed, []);
  await page.close();
});
