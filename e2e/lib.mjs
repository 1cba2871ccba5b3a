// Helpers shared by the browser tests (the *.test.mjs files): a headless Chromium with a
// profile of its own, a page that records its errors, a game started through the setup form,
// and waiting for the page to settle. Run through e2e/run.sh, which starts the server and sets
// GRUNDY_URL.
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

export const BASE = process.env.GRUNDY_URL;
/** A server of the same binary with a time limit of 1 s (`--time-limit 1`). */
export const SHORT_BASE = process.env.GRUNDY_SHORT_URL;
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** Where the page remembers whether the analysis is shown (see app.js). */
export const SHOW_ANALYSIS_KEY = 'grundy.showAnalysis';

/**
 * Launches headless Chromium with a fresh profile (so a fresh localStorage). With
 * `showAnalysis`, every page of it starts with the analysis panel shown, as if the person had
 * pressed "Show analysis" once. `close()` ends the browser and removes the profile.
 */
export async function launch({ showAnalysis = true, width = 1280, height = 1000 } = {}) {
  assert.ok(BASE, 'GRUNDY_URL is set (run e2e/run.sh)');
  const profile = mkdtempSync(join(tmpdir(), 'grundy-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic',
      '--no-first-run', '--disable-component-update', '--disable-sync'],
    viewport: { width, height },
  });
  if (showAnalysis) {
    await context.addInitScript((key) => window.localStorage.setItem(key, 'shown'), SHOW_ANALYSIS_KEY);
  }
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * The browser a test file shares: launched before its first test and closed after its last.
 * `context` is its browser context, `start(options)` starts a game in a new page of it.
 */
export function sharedBrowser(options) {
  let browser;
  before(async () => {
    browser = await launch(options);
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get context() {
      return browser.context;
    },
    start: (game) => start(browser.context, game),
  };
}

/**
 * A new page of `context` at the app, recording uncaught exceptions and console errors in
 * `errors`, and every request that failed or got an HTTP error in `failed`. The console
 * reports an HTTP error answer as an error of its own ("Failed to load resource: ... 400"):
 * those are left out of `errors` (a test that expects none checks `failed`). `base`: the
 * server's address (`SHORT_BASE` for the server with a time limit of 1 s).
 */
export async function open(context, { path = '/', base = BASE } = {}) {
  const page = await context.newPage();
  const errors = [];
  const failed = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of/.test(m.text())) {
      errors.push(`console: ${m.text()}`);
    }
  });
  page.on('requestfailed', (r) => failed.push(`${r.url()}: ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) failed.push(`${r.url()}: ${r.status()}`);
  });
  await page.goto(base.replace(/\/$/, '') + path);
  return { page, errors, failed };
}

/** Opens the page and starts a game through the setup form (`every`: Every-SG). */
export async function start(
  context,
  { preset, position, misere = false, every = false, computerFirst = false, level = 'perfect' },
) {
  const opened = await open(context);
  const { page } = opened;
  // The page starts a game of its own when it loads: let it finish first. Pressed while that
  // game's request is still under way, New game would abort it, and the aborted request would
  // count as a failed one (tests check there is none).
  await settled(page);
  await page.selectOption('#preset', preset);
  await page.fill('#position', position);
  await page.setChecked('#misere', misere);
  await page.setChecked('#every', every);
  await page.setChecked('#computer-first', computerFirst);
  await page.selectOption('#level', level);
  // Forget the first game's state, so that `settled` waits for the new game's.
  await forgetStatus(page, 'starting');
  await page.click('#new-game');
  await settled(page);
  return opened;
}

/**
 * Forgets the status the page shows (marks it `state`, "starting" or "moving"), so that the
 * next `settled` waits for what the next action brings rather than the state before it.
 */
export const forgetStatus = (page, state) =>
  page.evaluate((s) => { document.getElementById('status').dataset.state = s; }, state);

/** Waits until it is the person's turn again or the game is over, the panel up to date. */
export async function settled(page, timeout = 15000) {
  await page.waitForFunction(() => ['your-move', 'win', 'lose', 'draw'].includes(document.getElementById('status').dataset.state),
    null, { timeout });
}

/** The winning moves the panel lists: their text, heap and what each leaves. */
export const winningMoves = (page) => page.$$eval('#winning-moves li:not(.none)',
  (lis) => lis.map((li) => ({ text: (li.querySelector('.move-link') || li).textContent, heap: li.dataset.heap, to: li.dataset.to,
    move: li.dataset.move })));

/** Plays to the end taking one object at a time from the first non-empty heap (on the drawing). */
export async function playOneByOne(page) {
  for (let turns = 0; ; turns++) {
    assert.ok(turns < 60, 'the game ends');
    if (await page.getAttribute('#status', 'data-state') !== 'your-move') break;
    const last = await page.$$eval('#board .heap', (rows) => {
      const row = rows.find((r) => r.querySelector('.heap-size').textContent !== '0');
      return { heap: row.dataset.heap, leave: String(Number(row.querySelector('.heap-size').textContent) - 1) };
    });
    await forgetStatus(page, 'moving');
    await page.click(`#board [data-move="${last.heap} -> ${last.leave}"]`);
    await settled(page);
  }
}

/**
 * The centre of the first shown shape under `within` (a selector) that makes `move`, scrolled
 * into view, in viewport coordinates; `null` when none shows.
 */
export const centreOfMove = (page, move, within = '#board .drawing') => page.evaluate(([m, w]) => {
  for (const e of document.querySelectorAll(`${w} [data-move]`)) {
    if (e.closest('[display="none"]') || e.getAttribute('data-move') !== m) continue;
    e.scrollIntoView({ block: 'center', inline: 'center' });
    const r = e.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  return null;
}, [move, within]);

/**
 * The centre of the first shape of the drawing that makes a move and is on top at that point
 * (a token's targets show once it is picked), scrolled into view, in viewport coordinates;
 * `null` when none is. A cut is a line, whose box has no width, so a locator's idea of visible
 * does not fit it: the point is checked with `elementFromPoint`.
 */
export const moveOnTop = (page) => page.evaluate(() => {
  for (const e of document.querySelectorAll('#board .drawing [data-move]')) {
    if (e.closest('[display="none"]')) continue;
    e.scrollIntoView({ block: 'center' });
    const r = e.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (document.elementFromPoint(x, y)?.closest('[data-move]') === e) return { x, y };
  }
  return null;
});

/** The picks of the drawing shown now (tokens, coins, a token and where it goes), in order. */
export const picksShown = (page) => page.evaluate(() => {
  const out = [];
  for (const e of document.querySelectorAll('#board .drawing [data-pick]')) {
    const p = e.getAttribute('data-pick');
    if (!e.closest('[display="none"]') && !out.includes(p)) out.push(p);
  }
  return out;
});

/** Clicks the shown hit area of the pick `pick`. */
export const clickPick = (page, pick) => page.click(`#board .drawing [data-pick="${pick}"] >> visible=true >> nth=0`);

/**
 * Picks until a shape that makes a move shows, at most `most` picks: a pick may show further
 * picks (an amazon, then the cell it goes to, then its arrow's targets), so each step takes a
 * pick that the last one showed, or else the first shown not yet taken. The picks taken.
 */
export async function pickUntilMove(page, most = 4) {
  const taken = [];
  let before = [];
  while (taken.length < most && !(await moveOnTop(page))) {
    const shown = await picksShown(page);
    const next = shown.find((p) => !before.includes(p) && !taken.includes(p)) ?? shown.find((p) => !taken.includes(p));
    if (next === undefined) break;
    await clickPick(page, next);
    taken.push(next);
    before = shown;
  }
  return taken;
}

/**
 * Starts each catalogue game's example (/api/games, those the setup form offers) in turn on
 * `page`, at level easy, and calls `visit(game)` once its drawing is on the board.
 */
export async function eachExample(page, visit) {
  // Through the page's own API: the server's, or on the static page its WebAssembly's.
  const catalogue = await page.evaluate(() => (globalThis.grundyLocal ? grundyLocal.fetch : fetch)('/api/games')
    .then((r) => r.json()));
  const selector = await page.$$eval('#preset option', (os) => os.map((o) => o.value));
  for (const g of catalogue.filter((c) => selector.includes(c.example_game))) {
    await page.selectOption('#preset', g.example_game);
    await page.fill('#position', g.example_position);
    await page.selectOption('#level', 'easy');
    await forgetStatus(page, 'starting');
    await page.click('#new-game');
    await settled(page);
    await page.waitForSelector('#board .drawing svg', { state: 'attached', timeout: 15000 });
    await visit(g);
  }
}

/** The least side of a click target, in CSS px (issue 64). */
export const MIN_TARGET = 40;

/**
 * The board's click targets, each `{ key, x, y, w, h }` in CSS px: every shown shape of the
 * drawing with `data-move` or `data-pick` (measured by its `data-hit` child's box where it has
 * one) and, with `html`, every shown button, number field and select of the board and of the
 * typed move's form (the drawing's move controls, the rows' buttons where nothing is drawn, the
 * box to type a move). Also the tokens that may be picked (`picks`), and the drawing box's
 * `scrollWidth` and `clientWidth` (`drawing`) with the page's and the screen's widths.
 */
export const boardTargets = (page, { html = false } = {}) => page.evaluate((withHtml) => {
  const box = document.querySelector('#board .drawing');
  const targets = [];
  const note = (e, key) => {
    const r = e.getBoundingClientRect();
    targets.push({ key, x: r.left, y: r.top, w: r.width, h: r.height });
  };
  for (const e of box ? box.querySelectorAll('[data-move], [data-pick]') : []) {
    if (e.closest('[display="none"]')) continue;
    note(e.querySelector('[data-hit]') ?? e, e.getAttribute('data-move') ?? `pick ${e.getAttribute('data-pick')}`);
  }
  if (withHtml) {
    const controls = document.querySelectorAll('#board button, #board input, #board select, #typed button, #typed input');
    [...controls].forEach((e, k) => {
      if (e.getClientRects().length === 0 || e.closest('.drawing')) return;
      note(e, `${e.tagName.toLowerCase()} ${k + 1} '${e.textContent || e.getAttribute('aria-label') || e.id}'`);
    });
  }
  const picks = box ? [...new Set([...box.querySelectorAll('[data-pick]')].map((e) => e.getAttribute('data-pick')))] : [];
  const drawing = box ? { scroll: box.scrollWidth, client: box.clientWidth } : null;
  return { targets, picks, drawing, page: document.documentElement.scrollWidth, screen: innerWidth };
}, html);

/**
 * What is wrong with `targets` (from `boardTargets`): each one smaller than `MIN_TARGET` either
 * way, each pair of different moves that overlap.
 */
export function targetFaults(targets) {
  const out = [];
  for (const t of targets) {
    if (t.w < MIN_TARGET - 0.5 || t.h < MIN_TARGET - 0.5) out.push(`'${t.key}' is ${t.w.toFixed(1)} x ${t.h.toFixed(1)} px`);
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

/**
 * Issue 84's phone check of every example on `page` (already at 390 px): the drawing does not
 * scroll sideways in its box, the page is no wider than the screen, and every click target,
 * the drawing's and the board's buttons and fields, is `MIN_TARGET` px each way at least,
 * none overlapping, before a pick and once the first token is picked. Returns the faults, one
 * line each naming the game, and each drawing too wide with its width as a multiple of its box.
 */
export async function phoneFaults(page) {
  const faults = [];
  const wide = [];
  await eachExample(page, async (g) => {
    const what = `${g.example_game} ${g.example_position}`;
    const m = await boardTargets(page, { html: true });
    if (m.drawing && m.drawing.scroll > m.drawing.client + 1) {
      const times = (m.drawing.scroll / m.drawing.client).toFixed(1);
      wide.push(`${g.example_game} ${times}x`);
      faults.push(`${what}: the drawing is ${m.drawing.scroll} px wide in a box of ${m.drawing.client} px (${times}x)`);
    }
    if (m.page > m.screen) faults.push(`${what}: the page is ${m.page} px wide on a ${m.screen} px screen`);
    for (const f of targetFaults(m.targets)) faults.push(`${what}: ${f}`);
    if (m.picks.length > 0) {
      await page.click(`#board .drawing [data-pick="${m.picks[0]}"] >> nth=0`);
      const picked = await boardTargets(page, { html: true });
      for (const f of targetFaults(picked.targets)) faults.push(`${what}, ${m.picks[0]} picked: ${f}`);
    }
    if (process.env.E2E_SHOTS) {
      await page.locator('#board').screenshot({ path: `${process.env.E2E_SHOTS}/phone-${g.example_game.replace(/[^a-z0-9]+/gi, '_')}.png` });
    }
  });
  return { faults, wide };
}
