// Browser tests of the games drawn as text: Green Hackenbush (pictures of edges), Northcott's
// game (rows of checkers) and undirected vertex geography (a graph typed into a text area, the
// token's path). The person who follows the panel from a won position beats the computer; a
// move is typed; a bad graph is refused naming its line. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sharedBrowser, settled, forgetStatus, winningMoves } from './lib.mjs';

const browser = sharedBrowser();
const GEOGRAPHY = 'geography:examples/geography/bzoj1443.txt';

/** Plays the panel's first winning move each turn until the game ends; returns the moves played. */
async function followThePanel(page) {
  const played = [];
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 80, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    assert.equal(await page.getAttribute('#outcome', 'data-outcome'), 'N', 'the person keeps a won position');
    const first = await page.$('#winning-moves li.playable');
    assert.ok(first, 'a won position lists a winning move');
    played.push(await first.textContent());
    await forgetStatus(page, 'moving');
    await first.$eval('.play-move', (b) => b.click());
    await settled(page);
  }
  return played;
}

/** The rows of the board: label and text. */
const rows = (page) => page.$$eval('#board .heap', (rs) => rs.map((r) => [
  r.querySelector('.heap-label').textContent, r.querySelector('.heap-size').textContent]));

test('hackenbush: the pictures are drawn as their edges, and following the panel wins', async () => {
  const { page, errors } = await browser.start({ preset: 'hackenbush', position: '0-1,1-2,2-0,1-3 0-1,1-1,1-4' });
  await page.waitForFunction(() => document.getElementById('outcome').dataset.outcome === 'N');
  assert.deepEqual(await rows(page), [['picture 1', '0-1,1-2,0-2,1-3'], ['picture 2', '0-1,1-1,1-4']]);
  assert.equal(await page.isVisible('#graph-text'), false);
  const played = await followThePanel(page);
  assert.ok(played.length > 0 && played[0].startsWith('cut '), JSON.stringify(played));
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  await page.close();
});

test('hackenbush: a cut is typed and played', async () => {
  const { page, errors } = await browser.start({ preset: 'hackenbush', position: '0-1,1-2 0-1' });
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', 'cut 0-1 in 2');
  await page.press('#move-text', 'Enter');
  await settled(page);
  assert.match(await page.textContent('#log'), /you: cut 0-1 in picture 2/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('northcott: the rows are named as rows and the last token as the player to move, and following the panel wins', async () => {
  const { page, errors } = await browser.start({ preset: 'northcott', position: '8:1,5 7:2,7 black' });
  await page.waitForFunction(() => document.getElementById('outcome').dataset.outcome === 'N');
  assert.deepEqual(await rows(page), [['row 1', '8:1,5'], ['row 2', '7:2,7'], ['to move', 'Black']]);
  // The nim-sum is of the gaps, and the balance table names them.
  assert.equal(await page.textContent('#heap-values-label'), 'Gaps');
  assert.equal(await page.textContent('#balance-title'), 'Binary balance table of the gaps');
  const played = await followThePanel(page);
  assert.ok(played.length > 0 && played[0].startsWith('move '), JSON.stringify(played));
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  await page.close();
});

test('geography: the graph is typed in, BZOJ 1443\'s winning starts are listed, and following the panel wins', async () => {
  const { page, errors } = await browser.start({ preset: GEOGRAPHY, position: '-' });
  assert.equal(await page.isVisible('#graph-text'), true);
  await page.waitForFunction(() => document.getElementById('outcome').dataset.outcome === 'N');
  assert.deepEqual(await rows(page), [['path', 'the token is not placed yet']]);
  const starts = (await winningMoves(page)).map((m) => m.text);
  assert.deepEqual(starts, ['place the token on r2c3', 'place the token on r3c2']);
  const played = await followThePanel(page);
  assert.ok(played.length >= 2, JSON.stringify(played));
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  assert.deepEqual(errors, []);
  await page.close();
});

test('geography: a vertex is typed, and a bad graph is refused naming its line', async () => {
  const { page, errors } = await browser.start({ preset: GEOGRAPHY, position: 'r2c2' });
  await forgetStatus(page, 'moving');
  await page.fill('#move-text', 'r3c2');
  await page.press('#move-text', 'Enter');
  await settled(page);
  assert.match(await page.textContent('#log'), /you: move the token from r2c2 to r3c2/);
  assert.equal(await page.getAttribute('#status', 'data-winner'), 'you');
  await page.fill('#graph-text', 'a b\nb c d\n');
  await page.fill('#position', 'a');
  await page.click('#new-game');
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /line 2: 'b c d' is not an edge 'u v'/);
  assert.deepEqual(errors, []);
  await page.close();
});
