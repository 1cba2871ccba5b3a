// Issue 64's click targets on a phone: for every game of the catalogue (/api/games) on its
// example, at 390 and 1280 px, every click target of the drawing (each shown shape with
// `data-move` or `data-pick`, measured by its `data-hit` child's box where it has one) is at
// least 40 x 40 CSS px, and no two targets of different moves overlap; where the drawing has
// tokens to pick, the same holds once the first is picked (its moves shown). Fails naming the
// game, the width and the target. E2E_SHOTS=DIR keeps a screenshot of each board. Run through
// e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, open, settled, eachExample } from './lib.mjs';

/** The least side of a click target, in CSS px. */
const MIN = 40;

/** Every shown target's box (CSS px), and the tokens that may be picked. */
const measure = (page) => page.evaluate(() => {
  const box = document.querySelector('#board .drawing');
  if (!box?.querySelector('svg')) return null;
  const targets = [];
  for (const e of box.querySelectorAll('[data-move], [data-pick]')) {
    if (e.closest('[display="none"]')) continue;
    const hit = e.querySelector('[data-hit]') ?? e;
    const r = hit.getBoundingClientRect();
    targets.push({ key: e.getAttribute('data-move') ?? `pick ${e.getAttribute('data-pick')}`, x: r.left, y: r.top, w: r.width, h: r.height });
  }
  const picks = [...new Set([...box.querySelectorAll('[data-pick]')].map((e) => e.getAttribute('data-pick')))];
  return { targets, picks };
});

/** What is wrong with the targets: each one too small, each pair of different moves overlapping. */
function faults(targets) {
  const out = [];
  for (const t of targets) {
    if (t.w < MIN - 0.5 || t.h < MIN - 0.5) out.push(`'${t.key}' is ${t.w.toFixed(1)} x ${t.h.toFixed(1)} px`);
  }
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const [a, b] = [targets[i], targets[j]];
      if (a.key === b.key) continue;
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 0.5 && dy > 0.5) out.push(`'${a.key}' overlaps '${b.key}' (${dx.toFixed(1)} x ${dy.toFixed(1)} px)`);
    }
  }
  return out;
}

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
        const m = await measure(page);
        assert.ok(m, `${what}: a drawing`);
        measured += m.targets.length;
        for (const f of faults(m.targets)) failures.push(`${what}: ${f}`);
        if (m.picks.length > 0) {
          await page.click(`#board .drawing [data-pick="${m.picks[0]}"] >> nth=0`);
          const picked = await measure(page);
          measured += picked.targets.length;
          for (const f of faults(picked.targets)) failures.push(`${what}, ${m.picks[0]} picked: ${f}`);
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
