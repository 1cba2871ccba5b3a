// Issue 64's click targets on a phone: for every game of the catalogue (/api/games) on its
// example, at 390 and 1280 px, every click target of the drawing (each shown shape with
// `data-move` or `data-pick`, measured by its `data-hit` child's box where it has one) is at
// least 40 x 40 CSS px, and no two targets of different moves overlap; where the drawing has
// tokens to pick, the same holds once the first is picked (its moves shown). Fails naming the
// game, the width and the target. E2E_SHOTS=DIR keeps a screenshot of each board. Run through
// e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, eachExample, boardTargets, targetFaults, MIN_TARGET as MIN } from './lib.mjs';

for (const width of [390, 1280]) {
  test(`every target of every game's example is ${MIN} x ${MIN} px at least, none overlapping, at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    try {
      const { page, errors } = await open(browser.context);
      await settled(page);
      const failures = [];
      let measured = 0;
      await eachExample(page, async (g) => {
        const what = `${width} px, ${g.example_game} ${g.example_position}`;
        const m = await boardTargets(page);
        assert.ok(m.drawing, `${what}: a drawing`);
        measured += m.targets.length;
        for (const f of targetFaults(m.targets)) failures.push(`${what}: ${f}`);
        if (m.picks.length > 0) {
          await page.click(`#board .drawing [data-pick="${m.picks[0]}"] >> nth=0`);
          const picked = await boardTargets(page);
          measured += picked.targets.length;
          for (const f of targetFaults(picked.targets)) failures.push(`${what}, ${m.picks[0]} picked: ${f}`);
        }
        if (process.env.E2E_SHOTS) {
          await page.locator('#board').screenshot({ path: `${process.env.E2E_SHOTS}/hit-${width}-${g.example_game.replace(/[^a-z0-9]+/gi, '_')}.png` });
        }
      });
      assert.ok(measured > 300, `targets measured: ${measured}`);
      assert.deepEqual(failures, [], `${failures.length} faults`);
      assert.deepEqual(errors, []);
    } finally {
      await browser.close();
    }
  });
}
