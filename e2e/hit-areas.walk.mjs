// The measurement of issue 64's "Done when" on phone targets, run by name (not yet a test: it
// reports what is short of it): `bash e2e/run.sh hit-areas.walk.mjs`. For every game of the
// catalogue (/api/games) on its example, at 390 and 1280 px: the board's width against the
// width available, and every click target of the drawing (each shape with `data-move` or
// `data-pick` that shows, its `data-hit` child's box where it has one): how many are smaller
// than 40 x 40 CSS px, the smallest, and how many pairs of different moves' boxes overlap.
// Prints a line a game and width, then the totals. WALK_MIN=PX sets the size wanted (40).
// E2E_SHOTS=DIR keeps a screenshot of each board.
import { test } from 'node:test';
import { launch, open, settled, forgetStatus } from './lib.mjs';

const MIN = Number(process.env.WALK_MIN ?? 40);

/** The board's width, the width it may take, and every shown target's box (CSS px). */
const measure = (page) => page.evaluate(() => {
  const box = document.querySelector('#board .drawing');
  const svg = box?.querySelector('svg');
  if (!svg) return null;
  const targets = [];
  for (const e of box.querySelectorAll('[data-move], [data-pick]')) {
    if (e.closest('[display="none"]')) continue;
    const hit = e.querySelector('[data-hit]') ?? e;
    const r = hit.getBoundingClientRect();
    targets.push({ key: e.getAttribute('data-move') ?? `pick ${e.getAttribute('data-pick')}`, x: r.left, y: r.top, w: r.width, h: r.height });
  }
  return { width: svg.getBoundingClientRect().width, room: box.clientWidth, targets };
});

/** Pairs of boxes of different targets that overlap by more than a pixel each way. */
function overlaps(targets) {
  let n = 0;
  for (let i = 0; i < targets.length; i++) {
    for (let j = i + 1; j < targets.length; j++) {
      const [a, b] = [targets[i], targets[j]];
      if (a.key === b.key) continue;
      const dx = Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x);
      const dy = Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y);
      if (dx > 1 && dy > 1) n++;
    }
  }
  return n;
}

for (const width of [390, 1280]) {
  test(`click targets of every game's example at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    let small = 0;
    let all = 0;
    let overlapping = 0;
    let games = 0;
    let short = 0;
    try {
      const { page } = await open(browser.context);
      await settled(page);
      const catalogue = await page.evaluate(() => fetch('/api/games').then((r) => r.json()));
      const selector = await page.$$eval('#preset option', (os) => os.map((o) => o.value));
      for (const g of catalogue.filter((c) => selector.includes(c.example_game))) {
        await page.selectOption('#preset', g.example_game);
        await page.fill('#position', g.example_position);
        await page.selectOption('#level', 'easy');
        await forgetStatus(page, 'starting');
        await page.click('#new-game');
        await settled(page);
        await page.waitForSelector('#board .drawing svg', { state: 'attached', timeout: 15000 }).catch(() => {});
        const m = await measure(page);
        if (!m) {
          console.log(`${width} px ${g.example_game}: no drawing`);
          continue;
        }
        games++;
        const tiny = m.targets.filter((t) => t.w < MIN - 0.5 || t.h < MIN - 0.5);
        const least = m.targets.reduce((a, t) => Math.min(a, t.w, t.h), Infinity);
        const o = overlaps(m.targets);
        small += tiny.length;
        all += m.targets.length;
        overlapping += o;
        if (m.width < m.room - 1) short++;
        console.log(`${width} px ${g.example_game} ${g.example_position}: board ${m.width.toFixed(0)} of ${m.room} px; `
          + `${m.targets.length} targets, ${tiny.length} under ${MIN}x${MIN} (least ${least.toFixed(1)} px), ${o} overlapping pairs`);
        if (process.env.E2E_SHOTS) {
          await page.locator('#board').screenshot({ path: `${process.env.E2E_SHOTS}/hit-${width}-${g.example_game.replace(/[^a-z0-9]+/gi, '_')}.png` });
        }
      }
      console.log(`${width} px: ${games} boards, ${short} narrower than the room; ${all} targets, ${small} under ${MIN}x${MIN}, `
        + `${overlapping} overlapping pairs`);
    } finally {
      await browser.close();
    }
  });
}
