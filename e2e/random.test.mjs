// "Random" and "New random position" (issue 49, row 2): for every game of the page's selector,
// the position comes from the game's own generator in the library (/api/random), and the
// server accepts it: the game starts with no error, three times a game. The page's own
// generator gave Wythoff's game three heaps (`12 11 11`) and Euclid's game four numbers.
// Then, once a game of the graph's is over, "New random position" starts another on the same
// graph. Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, forgetStatus } from './lib.mjs';

test('Random gives every game of the selector a position the server accepts', async () => {
  const browser = await launch();
  try {
    const { page, errors, failed } = await open(browser.context);
    await settled(page);
    const games = await page.evaluate(() => fetch('/api/games').then((r) => r.json()));
    assert.ok(games.length >= 34, 'the list of games');
    for (const g of games) {
      await page.selectOption('#preset', g.example_game);
      for (let k = 0; k < 3; k++) {
        await forgetStatus(page, 'starting');
        await page.click('#random');
        await page.waitForFunction(
          () => ['your-move', 'win', 'lose', 'draw', 'error'].includes(document.getElementById('status').dataset.state),
          null, { timeout: 20000 },
        );
        const position = await page.inputValue('#position');
        const what = `${g.example_game} ${position}`;
        assert.equal(await page.getAttribute('#status', 'data-state'), 'your-move', `${what}: ${await page.textContent('#status')}`);
        assert.equal(await page.isVisible('#error'), false, `${what}: ${await page.textContent('#error')}`);
      }
    }
    assert.deepEqual(errors, []);
    assert.deepEqual(failed, []);
    await page.close();
  } finally {
    await browser.close();
  }
});
