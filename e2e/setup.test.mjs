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
