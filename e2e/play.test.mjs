// Browser end-to-end tests of `grundy serve`: headless Chromium loads the page, plays whole
// games against the computer and checks the analysis panel. Run through e2e/run.sh, which
// starts the server and sets GRUNDY_URL.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, playOneByOne, settled, winningMoves } from './lib.mjs';

const browser = sharedBrowser();

const start = browser.start;

test('the panel shows the three winning moves of 7 9 12 15 and the balance table', async () => {
  const { page, errors } = await start({ preset: 'nim', position: '7 9 12 15' });
  const moves = await winningMoves(page);
  assert.deepEqual(moves.map((m) => m.text).sort(), [
    'take 11 from heap 3 (12 -> 1)',
    'take 13 from heap 4 (15 -> 2)',
    'take 5 from heap 2 (9 -> 4)',
  ]);
  assert.equal(await page.textContent('#sg'), '13');
  assert.match(await page.textContent('#outcome'), /^N: the first player \(you\) wins/);
  // Columns 8, 4 and 1 are unbalanced (13 = 8 + 4 + 1); heaps 2, 3 and 4 can be reduced.
  assert.deepEqual(await page.$$eval('#balance th.odd', (ths) => ths.map((t) => t.textContent)), ['8', '4', '1']);
  assert.equal(await page.$$eval('#balance tr.reducible', (trs) => trs.length), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('playing the winning moves from the panel, the person beats the computer', async () => {
  const { page, errors } = await start({ preset: 'nim', position: '7 9 12 15' });
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 60, 'the game ends');
    const state = await page.getAttribute('#status', 'data-state');
    if (state !== 'your-move') break;
    const moves = await winningMoves(page);
    assert.ok(moves.length > 0, 'the person, moving from a won position, has a winning move');
    assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'N');
    const { heap, to } = moves[0];
    await page.click(`#board [data-move="${heap} -> ${to}"]`);
    await settled(page);
  }
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.match(await page.textContent('#status'), /You win/);
  // The log shows both sides' moves and the computer explains its lost position.
  assert.match(await page.textContent('#log'), /computer: .*lost position: the move that holds out longest/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('from a P-position the computer wins however the person plays', async () => {
  const { page, errors } = await start({ preset: 'nim', position: '1 2 3' });
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'P');
  assert.match(await page.textContent('#winning-moves'), /None: every move loses/);
  // Take one object from the first non-empty heap (click its last object) until the end.
  await playOneByOne(page);
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'computer');
  assert.match(await page.textContent('#status'), /The computer wins/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the divisor game: an illegal typed move is refused, a clicked divisor wins', async () => {
  const { page, errors } = await start({ preset: 'divisor', position: '12', misere: true });
  assert.match(await page.textContent('.divisor-n'), /n = 12 = 2\^2 · 3/);
  await page.fill('#move-text', '6');
  await page.click('#typed button[type=submit]');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /6 is not a power of a prime/);
  // Under misère, 12 -> 3 leaves the computer only 3 -> 1, the last move, which loses.
  const moves = await winningMoves(page);
  assert.deepEqual(moves.map((m) => m.text), ['divide by 2^2 = 4 (12 -> 3)']);
  await page.click('#board [data-move="divide by 4"]');
  await settled(page);
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a heap ruleset shows its Grundy sequence with the period; the computer can move first', async () => {
  const { page, errors } = await start({ preset: 'subtraction:2,5', position: '12 7', computerFirst: true });
  await page.waitForSelector('#sg-plot svg');
  assert.equal(await page.textContent('#period'), '(period 7 from n = 0)');
  assert.ok(await page.$$eval('#sg-plot svg rect', (r) => r.length) >= 30);
  // The computer, first from an N position, has moved and it is the person's turn.
  assert.match(await page.textContent('#log'), /computer: take/);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'P');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Kayles from the presets: a typed split wins the whole game', async () => {
  const { page, errors } = await start({ preset: 'kayles', position: '7 4' });
  const moves = await winningMoves(page);
  // G(7) = 2 and G(4) = 1 in Kayles: 7 -> 2 + 3 (value 1) balances them, as does 4 -> 2.
  assert.ok(moves.some((m) => m.text.includes('7 -> 2 + 3')), JSON.stringify(moves));
  await page.fill('#move-text', '1 -> 2 3');
  await page.click('#typed button[type=submit]');
  await settled(page);
  // Kayles' own words (issue 49 row 7): pins knocked down from a row, not "split the rest".
  assert.match(await page.textContent('#log'), /you: knock down 2 pins from row 1, leaving rows of 2 and 3 \(7 -> 2 \+ 3\)/);
  // Then the winning moves of the panel, typed, to the end.
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 30, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    const [first] = await winningMoves(page);
    assert.ok(first, 'the person, moving from a won position, has a winning move');
    await page.fill('#move-text', `${first.heap} -> ${first.to || '0'}`);
    await page.click('#typed button[type=submit]');
    await settled(page);
  }
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  await page.close();
});

test('heaps past 2^53 show exactly, with the exact Sprague-Grundy value and winning move', async () => {
  // JSON numbers read as doubles would show 12345678901234567 as 12345678901234568 and
  // 2^64 - 1 as 18446744073709552000.
  const heaps = [18446744073709551615n, 12345678901234567n];
  const { page, errors } = await start({ preset: 'nim', position: heaps.join(' ') });
  assert.deepEqual(await page.$$eval('.heap-size', (s) => s.map((e) => e.textContent)), heaps.map(String));
  const sg = heaps.reduce((a, b) => a ^ b);
  assert.equal(await page.textContent('#sg'), String(sg));
  assert.equal(await page.textContent('#heap-values'), heaps.join(', '));
  // Every winning move: each heap h with h XOR sg < h goes to h XOR sg.
  const expected = heaps.flatMap((h, i) => ((h ^ sg) < h ? [{ heap: String(i + 1), to: String(h ^ sg) }] : []));
  const moves = await winningMoves(page);
  assert.deepEqual(moves.map(({ heap, to }) => ({ heap, to })), expected);
  assert.ok(moves[0].text.includes(`${heaps[0]} -> ${heaps[0] ^ sg}`), moves[0].text);
  // The balance table: the heaps, the nim-sum and the top column, 2^63.
  assert.deepEqual(await page.$$eval('#balance td.value', (tds) => tds.map((t) => t.textContent)),
    [...heaps.map(String), String(sg)]);
  assert.equal(await page.textContent('#balance th:nth-child(3)'), '2^63');
  // Too many objects to draw: the drawing has a bar with the exact count and a few moves as
  // buttons; any other is typed.
  await page.waitForSelector('#board .drawing svg', { state: 'attached' });
  const bars = await page.$$eval('#board .drawing rect.bar title', (ts) => ts.map((t) => t.textContent));
  assert.deepEqual(bars, heaps.map((h) => `${h} objects (${h.toString(2).length} binary digits: the bar's length)`));
  assert.ok(await page.locator(`#board .drawing [data-move="2 -> ${heaps[1] - 1n}"]`).count() > 0, 'take 1 from heap 2 is a button');
  assert.equal(await page.locator('.heap .object').count(), 0);
  // The rows under the drawing name the heaps and say nothing of typing the moves it offers.
  assert.equal(await page.locator('#board .heap .more, #board .heap .heap-bar').count(), 0);
  // A typed move on the huge heap: the winning move, then the computer's reply, all exact.
  await page.fill('#move-text', `1 -> ${heaps[0] ^ sg}`);
  await page.click('#typed button[type=submit]');
  await settled(page);
  assert.match(await page.textContent('#log'), new RegExp(`you: take ${heaps[0] - (heaps[0] ^ sg)} from heap 1`));
  assert.deepEqual(errors, []);
  await page.close();
});
