// The static page (web/build-static.sh), served by Python's http.server with no grundy server:
// whole games of Nim, Kayles, Domineering and coloured Hackenbush against the perfect opponent,
// at 1280 and 390 px, every request answered by the WebAssembly API in the page's Web Workers;
// and at 390 px every example's board fits the screen with every control 40 x 40 px, as on the
// served page (`phoneFaults`, issue 84).
// The test fails if any request reaches /api/: none in the browser's requests, none in the
// static server's log. Run through e2e/run.sh, which builds and serves the folder
// (GRUNDY_STATIC_URL, GRUNDY_STATIC_LOG), or skips these tests with the build's one line
// saying why (GRUNDY_STATIC_SKIP) where the WebAssembly target cannot be had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { launch, open, settled, forgetStatus, moveOnTop, phoneFaults } from './lib.mjs';

const STATIC = process.env.GRUNDY_STATIC_URL;
const LOG = process.env.GRUNDY_STATIC_LOG;
const skip = process.env.GRUNDY_STATIC_SKIP || (STATIC ? false : 'GRUNDY_STATIC_URL is not set (run e2e/run.sh)');

const GAMES = [
  { preset: 'nim', position: '3 4 5' },
  { preset: 'kayles', position: '5 3' },
  { preset: 'domineering', position: '.../.../...' },
  { preset: 'hackenbush', position: '0-1:b,1-2:r,1-3:g 0-1:r,1-2:b' },
];

/** Waits for the page to answer: the person's move, the end, or an error. */
const answered = (page, what) => page.waitForFunction(
  () => ['your-move', 'win', 'lose', 'draw', 'error'].includes(document.getElementById('status').dataset.state),
  null, { timeout: 30000 },
).catch((e) => { throw new Error(`${what}: no answer (${e.message})`); });

/** The error the page shows, or ''. */
const shownError = (page) => page.$eval('#error', (e) => (e.hidden ? '' : e.textContent));

/**
 * The person's move: a shape of the drawing that makes one, clicked where it is on top, or
 * (where the drawing has none) the legal move the page offers under the move box, typed.
 */
async function move(page, what) {
  const point = await moveOnTop(page);
  await forgetStatus(page, 'moving');
  if (point) {
    await page.mouse.click(point.x, point.y);
  } else {
    const example = await page.$('#move-syntax button.example');
    assert.ok(example, `${what}: the page offers a legal move to type`);
    await example.click();
    await page.press('#move-text', 'Enter');
  }
  await answered(page, what);
}

test('the static page\'s footer says what it is, not the served page\'s server and API', { skip }, async () => {
  const browser = await launch({ width: 1280, height: 900 });
  try {
    const { page } = await open(browser.context, { base: STATIC });
    const footer = await page.$eval('footer', (f) => f.textContent);
    assert.match(footer, /static page/);
    assert.doesNotMatch(footer, /grundy serve|\/api\//, footer);
  } finally {
    await browser.close();
  }
});

for (const width of [1280, 390]) {
  test(`the static page plays whole games against the perfect opponent with no server at ${width} px`, { skip }, async () => {
    const logBefore = readFileSync(LOG, 'utf8').length;
    const browser = await launch({ width, height: width > 500 ? 900 : 844 });
    const requests = [];
    browser.context.on('request', (r) => requests.push(r.url()));
    try {
      const { page, errors, failed } = await open(browser.context, { base: STATIC });
      await settled(page, 30000);
      for (const { preset, position } of GAMES) {
        const what = `${preset} ${position} at ${width} px`;
        await page.selectOption('#preset', preset);
        await page.fill('#position', position);
        await page.selectOption('#level', 'perfect');
        await forgetStatus(page, 'starting');
        await page.click('#new-game');
        await answered(page, what);
        let moves = 0;
        while (await page.getAttribute('#status', 'data-state') === 'your-move') {
          assert.ok(moves < 40, `${what}: the game ends`);
          assert.equal(await shownError(page), '', `${what}: no error shows`);
          await move(page, `${what}, move ${moves + 1}`);
          moves += 1;
        }
        const end = await page.getAttribute('#status', 'data-state');
        assert.ok(['win', 'lose'].includes(end), `${what}: the game ended in a win or a loss, not ${end}: ${await shownError(page)}`);
        assert.ok(moves > 0, `${what}: the person moved`);
        // The analysis panel of the position answered too (the same API, in the browser).
        assert.equal(await shownError(page), '', `${what}: no error shows`);
      }
      assert.deepEqual(errors, [], 'the page logged no error');
      assert.deepEqual(failed, [], 'no request failed');
    } finally {
      await browser.close();
    }
    const api = requests.filter((url) => new URL(url).pathname.startsWith('/api/'));
    assert.deepEqual(api, [], 'no request of the browser went to /api/');
    const served = readFileSync(LOG, 'utf8').slice(logBefore).split('\n').filter((l) => l.includes('/api/'));
    assert.deepEqual(served, [], 'the static server was asked for nothing under /api/');
    assert.ok(requests.some((url) => url.endsWith('/grundy_wasm_bg.wasm')), 'the page loaded the WebAssembly module');
  });
}

test('on the static page at 390 px no example board scrolls sideways, and every control is 40 x 40 px', { skip }, async () => {
  const browser = await launch({ width: 390, height: 844, showAnalysis: false });
  try {
    const { page, errors } = await open(browser.context, { base: STATIC });
    await settled(page, 30000);
    const { faults, wide } = await phoneFaults(page);
    assert.deepEqual(faults, [], `${faults.length} faults; too wide: ${wide.join(', ')}`);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
  }
});

test('the static page values a loopy game and a comparison written as text, as the server does', { skip }, async () => {
  const browser = await launch({ width: 1280, height: 1000 });
  try {
    const { page, errors, failed } = await open(browser.context, { base: STATIC });
    await settled(page, 30000);
    await page.selectOption('#preset', 'custom');
    await page.fill('#game', 'dud');
    await page.fill('#position', '');
    await forgetStatus(page, 'starting');
    await page.click('#new-game');
    await page.waitForFunction(() => ['value', 'error'].includes(document.getElementById('status').dataset.state),
      null, { timeout: 30000 });
    assert.equal(await shownError(page), '');
    assert.equal(await page.textContent('#sg'), 'on & off');
    assert.equal(await page.textContent('#value-sides'), 'onside on, offside off');
    assert.equal(await page.textContent('#value-left-first'), 'a draw: play goes on for ever');
    // A worksheet's comparison (issue 84), answered by the page's WebAssembly as the server does.
    await page.fill('#game', '{1|0} >= *');
    await forgetStatus(page, 'starting');
    await page.click('#new-game');
    await page.waitForFunction(() => ['value', 'error'].includes(document.getElementById('status').dataset.state),
      null, { timeout: 30000 });
    assert.equal(await shownError(page), '');
    assert.equal(await page.textContent('#sg'), 'true');
    assert.match(await page.textContent('#explanation'), /\{1\|0\} > \*/);
    assert.deepEqual(errors, []);
    assert.deepEqual(failed, []);
  } finally {
    await browser.close();
  }
});
