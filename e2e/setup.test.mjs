// Browser tests of setting a game up: the game selector built from the library's list, errors
// of bad input, a slow request shown as work under way and cancelled, the page's icon.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled } from './lib.mjs';

let browser;

before(async () => {
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

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
  // Whatever the browser asked for by itself while loading, nothing failed.
  await page.reload();
  await settled(page);
  await page.waitForTimeout(300);
  assert.deepEqual(failed, []);
  assert.deepEqual(errors, []);
  await page.close();
});
