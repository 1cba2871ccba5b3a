// Browser tests of setting a game up: the game selector built from the library's list, errors
// of bad input, a slow request shown as work under way and cancelled, the page's icon.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as lib from './lib.mjs';
import { sharedBrowser, open, settled, SHORT_BASE } from './lib.mjs';

const browser = sharedBrowser();

test('the game selector lists exactly the games of /api/games, then the custom entry', async () => {
  const { page, errors } = await open(browser.context);
  await settled(page);
  const games = await page.evaluate(async () => (await fetch('/api/games')).json());
  assert.ok(Array.isArray(games) && games.length > 10, JSON.stringify(games).slice(0, 200));
  const options = await page.$$eval('#preset option', (os) => os.map((o) => ({ value: o.value, text: o.textContent })));
  assert.deepEqual(options.map((o) => o.value), [...games.map((g) => g.example_game), 'custom']);
  games.forEach((g, i) => {
    assert.ok(options[i].text.toLowerCase().includes(g.name.toLowerCase()), `${options[i].text} names ${g.name}`);
  });
  assert.match(options.at(-1).text, /type the game/);
  // Picking a game fills in its example position; the custom entry asks for the game's name.
  const kayles = games.find((g) => g.example_game === 'kayles');
  await page.selectOption('#preset', 'kayles');
  assert.equal(await page.inputValue('#position'), kayles.example_position);
  assert.equal(await page.isVisible('#game'), false);
  await page.selectOption('#preset', 'custom');
  assert.equal(await page.isVisible('#game'), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page loads with no failed request: it has an icon, and /favicon.ico answers too', async () => {
  const { page, errors, failed } = await open(browser.context);
  await settled(page);
  const icon = await page.getAttribute('link[rel="icon"]', 'href', { timeout: 2000 });
  assert.ok(icon, 'the page links an icon');
  for (const path of [icon, '/favicon.ico']) {
    const got = await page.evaluate(async (p) => {
      const r = await fetch(p);
      return { status: r.status, type: r.headers.get('content-type'), body: await r.text() };
    }, path);
    assert.equal(got.status, 200, `${path}: ${got.status}`);
    assert.match(got.type, /^image\//, path);
    assert.match(got.body, /<svg/, path);
  }
  // Whatever the browser asked for by itself while loading, nothing failed. The first load's
  // requests end before the reload (the plot's sequence, asked for as the game starts, and the
  // browser's own request for the icon may still be under way): it would abort them, and an
  // aborted request counts as a failed one.
  await page.waitForLoadState('networkidle');
  await page.reload();
  await settled(page);
  await page.waitForTimeout(300);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await page.close();
});

/** The error box: its words without the command line, and the command line to copy, if any. */
const errorBox = (page) => page.$eval('#error', (box) => {
  const code = box.querySelector('code');
  const command = code ? code.textContent : null;
  return { hidden: box.hidden, words: box.textContent.replace(command ?? '', ''), command };
});

/**
 * Fills in the setup form and presses New game, without waiting for the game to start (the
 * status is marked first, so that `settled` waits for the new game's).
 */
async function submit(page, { preset = 'custom', game, position, misere = false }) {
  await page.selectOption('#preset', preset);
  if (game) await page.fill('#game', game);
  await page.fill('#position', position);
  await page.setChecked('#misere', misere);
  await lib.forgetStatus(page, 'starting');
  await page.click('#new-game');
}

test('errors speak the page\'s language: past the budget, a command line to copy; an illegal move', async () => {
  const { page, errors } = await open(browser.context);
  await settled(page);
  // A table past the budget the server gives the page (the page sends none): an all-but set,
  // whose table's length, and the budget it needs (16 max(S) entries), are known before the
  // work. (A subtraction game of one size, which this once was, is the interval s..s, answered
  // by its closed form.)
  await submit(page, { game: 'allbut:3000000,3000002', position: '10000000' });
  await page.waitForSelector('#error:not([hidden])');
  let box = await errorBox(page);
  assert.equal(box.command, 'grundy analyze allbut:3000000,3000002 10000000 --budget 48000032');
  assert.match(box.words, /larger computation .*\(about 48000032 table entries\).*the page cannot raise it/);
  assert.match(box.words, /command line/);
  // No flag or API field offered as if it could be typed into the page.
  assert.doesNotMatch(box.words, /--|rerun|"budget"/);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'error');

  // A question with no answer here: at level perfect the refusal is about the level, and the
  // library's message names the command line that does it, which shows as a command.
  await submit(page, { game: 'grundys-game', position: '1000000000' });
  await page.waitForSelector('#error:not([hidden])');
  box = await errorBox(page);
  assert.equal(box.command, 'grundy sg grundys-game --upto 1000000000 --store DIR --summary');
  assert.match(box.words, /^Level perfect cannot promise perfect play here, so the game did not start: G\(1000000000\) of grundys-game is not known: .* computes it resumably\.$/);
  assert.doesNotMatch(box.words, /--/);

  // An illegal move typed into a game.
  await submit(page, { preset: 'nim', position: '3 4 5' });
  await settled(page);
  assert.equal((await errorBox(page)).hidden, true, 'a new game clears the error');
  await page.fill('#move-text', '5 1');
  await page.click('#typed button[type=submit]');
  await page.waitForSelector('#error:not([hidden])');
  box = await errorBox(page);
  assert.match(box.words, /^That move is not allowed: there is no heap 5/);
  assert.equal(box.command, null);
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  // The refused move stays in the field to be corrected; a played one is cleared.
  assert.equal(await page.inputValue('#move-text'), '5 1');
  await page.fill('#move-text', '3 5');
  await lib.forgetStatus(page, 'moving');
  await page.click('#typed button[type=submit]');
  await settled(page);
  assert.equal(await page.inputValue('#move-text'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('every other error path of the page: no answer, an answer without JSON, an analysis that fails', async () => {
  const { page, errors } = await open(browser.context);
  await settled(page);
  await submit(page, { preset: 'nim', position: '3 4 5' });
  await settled(page);
  const play = async () => {
    await lib.forgetStatus(page, 'moving');
    await page.click('#board [data-move="1 -> 2"]');
  };
  // The server does not answer: the move is not played.
  await page.route('**/api/move*', (route) => route.abort('connectionrefused'));
  await play();
  await page.waitForSelector('#error:not([hidden])');
  assert.equal((await errorBox(page)).words, 'The server did not answer: is grundy serve still running?');
  await settled(page);
  assert.deepEqual(await page.$$eval('.heap-size', (s) => s.map((e) => e.textContent)), ['3', '4', '5']);
  // Something answers without JSON (a proxy's error page).
  await page.unroute('**/api/move*');
  await page.route('**/api/move*', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }));
  await play();
  await page.waitForFunction(() => /502 without JSON/.test(document.getElementById('error').textContent));
  await settled(page);
  // The move goes through, but the analysis of the position after it stops at the time limit:
  // the game goes on, the panel says it has no analysis, the error says why in the page's words.
  await page.unroute('**/api/move*');
  await page.route('**/api/analyze*', (route) => route.fulfill({
    status: 503,
    contentType: 'application/json',
    body: JSON.stringify({ error: 'analyze nim 2 4 5 stopped after the server\'s time limit of 10.0 s; run it on the command line: grundy analyze nim 2 4 5', kind: 'time_limit', command: 'grundy analyze nim 2 4 5' }),
  }));
  await play();
  await settled(page);
  await page.waitForSelector('#error:not([hidden])');
  const box = await errorBox(page);
  assert.equal(box.command, 'grundy analyze nim 2 4 5');
  assert.match(box.words, /longer than the server allows/);
  assert.equal(await page.textContent('#outcome'), 'not available (see the message above)');
  assert.equal(await page.textContent('#sg'), '–');
  assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move');
  assert.match(await page.textContent('#log'), /you: take 1 from heap 1/);
  // The browser reports the refused connection it was told to make; nothing else.
  assert.deepEqual(errors.filter((e) => !/Failed to load resource: net::ERR_CONNECTION_REFUSED/.test(e)), []);
  await page.close();
});

test('a request stopped at the server\'s time limit says so, with the command line that has none', async () => {
  // On the server whose time limit is 1 s: misère hex:0.8f of 52 is within the search's budget
  // but takes seconds (8 s on a quiet machine, a misère search too large for the budget is
  // refused at once), so the server stops it at its limit on any machine.
  const { page, errors } = await open(browser.context, { base: SHORT_BASE });
  await settled(page);
  await submit(page, { game: 'hex:0.8f', position: '52', misere: true });
  await page.waitForSelector('#error:not([hidden])', { timeout: 20000 });
  const box = await errorBox(page);
  assert.equal(box.command, 'grundy analyze hex:0.8f 52 --misere');
  assert.match(box.words, /longer than the server allows/);
  assert.doesNotMatch(box.words, /--/);
  // Nothing in the position is wrong: the status does not ask to fix it.
  assert.match(await page.textContent('#status'), /cannot be started here/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad position clears the game before: no outcome, value, move or board of it stays', async () => {
  const { page, errors } = await open(browser.context);
  await settled(page);
  await submit(page, { preset: 'nim', position: '7 9 12 15' });
  await settled(page);
  assert.equal(await page.textContent('#sg'), '13');
  await submit(page, { preset: 'nim', position: '7 x 12' });
  await page.waitForSelector('#error:not([hidden])');
  assert.match((await errorBox(page)).words, /heap 2 'x' is not a number/);
  for (const id of ['#outcome', '#sg', '#heap-values', '#to-move']) {
    assert.equal(await page.textContent(id), '–', id);
  }
  assert.equal(await page.getAttribute('#outcome', 'data-outcome'), null);
  assert.equal(await page.locator('#winning-moves li').count(), 0);
  assert.equal(await page.isVisible('#balance'), false);
  assert.equal(await page.textContent('#explanation'), '');
  assert.equal(await page.locator('#board > *').count(), 0, 'no board');
  assert.equal(await page.locator('#log li').count(), 0, 'no log');
  assert.equal(await page.getAttribute('#status', 'data-state'), 'error');
  assert.match(await page.textContent('#status'), /Fix the game or position/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a slow request shows that work is under way, and Cancel stops it', async () => {
  const { page, errors, failed } = await open(browser.context);
  await settled(page);
  await submit(page, { preset: 'nim', position: '7 9 12 15' });
  await settled(page);
  // Misère hex:0.8f of 52 runs until the server's time limit (10 s).
  await submit(page, { game: 'hex:0.8f', position: '52', misere: true });
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'busy', null, { timeout: 3000 });
  assert.match(await page.textContent('#status'), /^Thinking…/);
  // Once the work has taken a moment: a spinner, and Cancel.
  await page.waitForSelector('#cancel', { state: 'visible', timeout: 3000 });
  const spinner = await page.$eval('#status', (s) => {
    const before = getComputedStyle(s, '::before');
    return { animation: before.animationName, visibility: before.visibility, width: before.width };
  });
  assert.match(spinner.animation, /spin/, JSON.stringify(spinner));
  assert.equal(spinner.visibility, 'visible');
  // Nothing of the game before: no board to play on, no old analysis.
  assert.equal(await page.locator('#board .object').count(), 0);
  assert.equal(await page.textContent('#sg'), '–');
  // Cancelled by the button, not ended by the server's time limit: the state says which.
  await page.click('#cancel');
  await page.waitForFunction(() => document.getElementById('status').dataset.state === 'cancelled', null,
    { timeout: 8000 });
  assert.match(await page.textContent('#status'), /^Cancelled: the game did not start/);
  assert.equal(await page.isVisible('#cancel'), false);
  assert.equal(await page.isVisible('#error'), false, 'a cancel is no error');
  // The request was aborted in the browser (so the server stops its work).
  await page.waitForTimeout(100);
  assert.ok(failed.some((f) => /\/api\/analyze.*ERR_ABORTED/.test(f)), JSON.stringify(failed));
  // And the page goes on: a new game starts at once.
  await submit(page, { preset: 'nim', position: '3 4 5' });
  await settled(page, 3000);
  assert.equal(await page.locator('#board .heap').count(), 3);
  assert.deepEqual(errors, []);
  await page.close();
});

test('at phone width (390 px) the setup form fits its card and the page is no wider than the screen', async () => {
  const { page, errors } = await open(browser.context);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  for (const preset of await page.$$eval('#preset option', (os) => os.map((o) => o.value))) {
    await page.selectOption('#preset', preset);
    const over = await page.$eval('#setup', (form) => {
      const card = form.getBoundingClientRect();
      return [...form.querySelectorAll('*')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.right > card.right + 0.5 || r.left < card.left - 0.5 || r.width > window.innerWidth);
      }).map((e) => `${e.tagName.toLowerCase()}#${e.id} ${Math.round(e.getBoundingClientRect().width)}px`);
    });
    assert.deepEqual(over, [], `with ${preset} selected`);
    const card = await page.locator('#setup').boundingBox();
    assert.ok(card.x >= 0 && card.x + card.width <= 390, JSON.stringify(card));
  }
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390);
  assert.deepEqual(errors, []);
  await page.close();
});
