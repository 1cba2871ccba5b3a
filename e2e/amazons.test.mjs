// Amazons on the page (issue 83, item 1): a move is three clicks, at 1280 and 390 px: the
// person clicks one of their amazons (a pick), a cell it goes to (a second pick, of the amazon
// and that cell), then the cell its arrow burns (the target that plays the move), each step's
// targets at least 40 x 40 CSS px; the computer answers, and the game is played to its end.
// Run through e2e/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { launch, start, settled, forgetStatus } from './lib.mjs';

/** The least side of a click target, in CSS px. */
const MIN = 40;

/** A small board: two amazons of Left's, one of Right's, a few burnt cells (valued in a blink). */
const BOARD = 'x.#./.x.o/.#..';

/** Each shown target (its key, box in CSS px and centre), and the picks shown. */
const look = (page) => page.evaluate(() => {
  const box = document.querySelector('#board .drawing');
  const targets = [];
  for (const e of box.querySelectorAll('[data-move], [data-pick]')) {
    if (e.closest('[display="none"]')) continue;
    const r = (e.querySelector('[data-hit]') ?? e).getBoundingClientRect();
    const move = e.getAttribute('data-move');
    targets.push({ key: move ?? `pick ${e.getAttribute('data-pick')}`, move, pick: e.getAttribute('data-pick'), w: r.width, h: r.height });
  }
  return targets;
});

/** The targets smaller than MIN x MIN CSS px. */
const small = (targets) => targets.filter((t) => t.w < MIN - 0.5 || t.h < MIN - 0.5)
  .map((t) => `'${t.key}' is ${t.w.toFixed(1)} x ${t.h.toFixed(1)} px`);

/** Clicks the shown hit area of `attr` = `value` at its centre, where it is on top. */
async function clickShown(page, attr, value) {
  const at = await page.evaluate(([attr, value]) => {
    for (const e of document.querySelectorAll(`#board .drawing [${attr}]`)) {
      if (e.getAttribute(attr) !== value || e.closest('[display="none"]')) continue;
      e.scrollIntoView({ block: 'center' });
      const r = e.getBoundingClientRect();
      const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
      if (document.elementFromPoint(x, y)?.closest(`[${attr}]`) === e) return { x, y };
    }
    return null;
  }, [attr, value]);
  assert.ok(at, `a shown ${attr}="${value}" on top at its centre`);
  await page.mouse.click(at.x, at.y);
}

for (const width of [1280, 390]) {
  test(`Amazons is played by three clicks a move (amazon, where it goes, the arrow) at ${width} px`, async () => {
    const browser = await launch({ width, height: 900, showAnalysis: false });
    try {
      const what = `${width} px, amazons ${BOARD}`;
      const { page, errors, failed } = await start(browser.context, { preset: 'amazons', position: BOARD, level: 'easy' });
      let turns = 0;
      for (; ; turns++) {
        assert.ok(turns < 20, `${what}: the game ends`);
        if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
        const first = await look(page);
        assert.deepEqual(small(first), [], `${what}, turn ${turns}: targets too small`);
        assert.ok(first.every((t) => t.pick && !t.move), `${what}, turn ${turns}: only amazons to pick at first`);
        // The last amazon that can move, so that picking past the first is exercised.
        const amazon = first[first.length - 1].pick;
        await clickShown(page, 'data-pick', amazon);
        const second = await look(page);
        assert.deepEqual(small(second), [], `${what}, turn ${turns}, ${amazon} picked: targets too small`);
        const goes = second.filter((t) => t.pick && t.pick.startsWith(`${amazon}-`));
        assert.ok(goes.length > 0, `${what}, turn ${turns}: cells for ${amazon} to go to`);
        assert.ok(second.every((t) => !t.move), `${what}, turn ${turns}: no move is made by the second click`);
        const to = goes[0].pick;
        await clickShown(page, 'data-pick', to);
        const third = await look(page);
        assert.deepEqual(small(third), [], `${what}, turn ${turns}, ${to} picked: targets too small`);
        const arrows = third.filter((t) => t.move);
        assert.ok(arrows.length > 0, `${what}, turn ${turns}: cells for the arrow`);
        for (const a of arrows) assert.ok(a.move.startsWith(`${to}/`), `${what}: an arrow target moves ${to}: ${a.move}`);
        const move = arrows[arrows.length - 1].move;
        await forgetStatus(page, 'moving');
        await clickShown(page, 'data-move', move);
        await settled(page);
        // The log words the move played: the amazon, where it went, where its arrow burnt.
        const [from, rest] = move.split('-');
        const [there, arrow] = rest.split('/');
        assert.match(await page.textContent('#log'), new RegExp(`you: .*amazon on ${from} to ${there} and shoots an arrow to ${arrow}`), `${what}: ${move} played`);
      }
      assert.ok(turns >= 2, `${what}: the game lasted ${turns} turns`);
      const status = await page.textContent('#status');
      assert.match(status, /^(You win|The computer wins)/, `${what}: the status says who won: ${status}`);
      const words = await page.$$eval('#board .drawing text', (ts) => ts.map((t) => t.textContent).join(' '));
      assert.match(words, /has no move: (Left|Right) wins/, `${what}: the drawing says who won: ${words}`);
      assert.deepEqual(errors, [], what);
      assert.deepEqual(failed, [], what);
      await page.close();
    } finally {
      await browser.close();
    }
  });
}
