//! The values of every position of a large stopper's graph, one strongly connected part at a
//! time: the parts are taken in an order that puts each after every part it reaches, so a part
//! meets the positions outside it already valued. A part that is one position with no pass and
//! short options is a short game made at once in the [`GameStore`]; any other part is
//! simplified with copies of its exits' values beside it, and each of its positions' simplest
//! form kept once in a [`StopperTable`] (equal forms found by an invariant hash, then by
//! comparison). The work grows with the parts' sizes, not with the square of the whole graph.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};

use crate::values::partizan::loopy::compare::stopper_pairs_le;
use crate::values::partizan::loopy::print::{equal, short_value_of};
use crate::values::partizan::loopy::simplify::simplify_all;
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// The short games met so far, each with a number, its options' numbers and its comparison
/// with every other one: a part's short exits are copied from here, and the comparisons of two
/// short games are read here instead of played again in every part.
#[derive(Default)]
struct Universe {
    index: HashMap<GameValue, u32>,
    options: Vec<[Vec<u32>; 2]>,
    /// Row a, column b <= a: bit 0 when a ≤ b, bit 1 when b ≤ a.
    relation: Vec<Vec<u8>>,
}

impl Universe {
    /// The number of short game `g`, its options numbered first.
    fn id(&mut self, store: &mut GameStore, g: GameValue) -> Result<u32, PartizanError> {
        if let Some(&u) = self.index.get(&g) {
            return Ok(u);
        }
        let mut options = [Vec::new(), Vec::new()];
        for (player, side) in options.iter_mut().enumerate() {
            let os = if player == 0 { store.left_options(g)? } else { store.right_options(g)? };
            for o in os {
                side.push(self.id(store, o)?);
            }
        }
        let c = self.options.len() as u32;
        // c ≤ x unless some x^R ≤ c or some c^L ≥ x; x ≤ c unless some c^R ≤ x or x^L ≥ c.
        // The options of each x come before it, so going up the numbers every answer needed is
        // known.
        let mut row = vec![0u8; c as usize + 1];
        for x in 0..c {
            let xo = &self.options[x as usize];
            let c_le_x =
                !xo[1].iter().any(|&xr| Self::read(&row, xr, true)) && !options[0].iter().any(|&cl| self.le(x, cl));
            let x_le_c =
                !options[1].iter().any(|&cr| self.le(cr, x)) && !xo[0].iter().any(|&xl| Self::read(&row, xl, false));
            row[x as usize] = u8::from(c_le_x) | (u8::from(x_le_c) << 1);
        }
        row[c as usize] = 3;
        self.relation.push(row);
        self.options.push(options);
        self.index.insert(g, c);
        Ok(c)
    }

    /// While the row of a new game c is made: whether y ≤ c (`y_below`) or c ≤ y, for a y
    /// whose entry in the row is already made.
    fn read(row: &[u8], y: u32, y_below: bool) -> bool {
        let bits = row.get(y as usize).copied().unwrap_or(0);
        if y_below {
            bits & 2 != 0
        } else {
            bits & 1 != 0
        }
    }

    /// Whether a ≤ b.
    fn le(&self, a: u32, b: u32) -> bool {
        let (hi, lo, bit) = if a >= b { (a, b, 1) } else { (b, a, 2) };
        self.relation.get(hi as usize).and_then(|r| r.get(lo as usize)).is_some_and(|&bits| bits & bit != 0)
    }

    /// Copies short game `u` and its options into `local` (each once, `at`), recording each
    /// copy's number in `uids`; its vertex.
    fn embed(&self, u: u32, local: &mut LoopyGraph, at: &mut HashMap<u32, u32>, uids: &mut Vec<u32>) -> u32 {
        if let Some(&v) = at.get(&u) {
            return v;
        }
        let v = local.add_vertex();
        at.insert(u, v);
        uids.push(u);
        let options = self.options.get(u as usize).cloned().unwrap_or_default();
        for (player, side) in options.iter().enumerate() {
            for &o in side {
                let w = self.embed(o, local, at, uids);
                if player == 0 {
                    local.add_left(v, w);
                } else {
                    local.add_right(v, w);
                }
            }
        }
        v
    }
}

/// A position's value: a short game, or a loopy stopper kept in a [`StopperTable`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StopperValue {
    /// A short game.
    Short(GameValue),
    /// A stopper with a cycle: its number in the table.
    Loopy(u32),
}

/// Loopy stoppers in simplest form, each kept once.
#[derive(Debug, Default)]
pub struct StopperTable {
    forms: Vec<LoopyGraph>,
    by_hash: HashMap<u64, Vec<u32>>,
}

impl StopperTable {
    /// The simplest form of stopper `i` (vertex 0 its start).
    pub fn form(&self, i: u32) -> Option<&LoopyGraph> {
        self.forms.get(i as usize)
    }

    /// The number of `form` (a simplest form), kept if new.
    fn intern(&mut self, form: LoopyGraph) -> Result<u32, PartizanError> {
        let h = shape_hash(&form);
        if let Some(list) = self.by_hash.get(&h) {
            for &i in list {
                if let Some(f) = self.forms.get(i as usize) {
                    if f.len() == form.len() && equal(f, &form)? {
                        return Ok(i);
                    }
                }
            }
        }
        let i = self.forms.len() as u32;
        self.forms.push(form);
        self.by_hash.entry(h).or_default().push(i);
        Ok(i)
    }
}

/// A hash that equal simplest forms share (simplest forms are unique up to renaming their
/// vertices, Bach): each vertex's hash refined a few rounds from its options' hashes.
fn shape_hash(g: &LoopyGraph) -> u64 {
    let n = g.len();
    let mut h = vec![1u64; n];
    for _ in 0..4 {
        let mut next = vec![0u64; n];
        for (v, slot) in next.iter_mut().enumerate() {
            let mut s = std::collections::hash_map::DefaultHasher::new();
            for player in 0..2 {
                let mut hs: Vec<u64> = g.options(v as u32, player).iter().map(|&w| h[w as usize]).collect();
                hs.sort_unstable();
                hs.hash(&mut s);
            }
            *slot = s.finish();
        }
        h = next;
    }
    h.first().copied().unwrap_or(0)
}

/// Puts the short game `g` into `graph` as a tree of vertices, each canonical form once
/// (`memo`); its vertex.
pub(crate) fn embed_short(
    graph: &mut LoopyGraph,
    store: &mut GameStore,
    g: GameValue,
    memo: &mut HashMap<GameValue, u32>,
) -> Result<u32, PartizanError> {
    if let Some(&v) = memo.get(&g) {
        return Ok(v);
    }
    let (l, r) = (store.left_options(g)?, store.right_options(g)?);
    let v = graph.add_vertex();
    memo.insert(g, v);
    for x in l {
        let w = embed_short(graph, store, x, memo)?;
        graph.add_left(v, w);
    }
    for x in r {
        let w = embed_short(graph, store, x, memo)?;
        graph.add_right(v, w);
    }
    Ok(v)
}

/// The value of every vertex of `g`, a stopper's graph (every vertex reachable from vertex 0).
pub fn stopper_values(
    g: &LoopyGraph,
    store: &mut GameStore,
    table: &mut StopperTable,
    max_steps: u64,
) -> Result<Vec<StopperValue>, PartizanError> {
    let n = g.len();
    let (comp, members) = g.parts();
    // Each part's level: one above the highest part it moves into. The parts of one level are
    // independent, so their simplifications run side by side.
    let count = members.len();
    let mut level = vec![0usize; count];
    for (c, part) in members.iter().enumerate() {
        let mut l = 0;
        for &v in part {
            for &w in g.left(v).iter().chain(g.right(v)) {
                let d = comp.get(w as usize).copied().unwrap_or(c);
                if d != c {
                    l = l.max(level.get(d).copied().unwrap_or(0) + 1);
                }
            }
        }
        level[c] = l;
    }
    let mut by_level: Vec<Vec<usize>> = vec![Vec::new(); level.iter().max().map_or(0, |m| m + 1)];
    for (c, &l) in level.iter().enumerate() {
        if let Some(list) = by_level.get_mut(l) {
            list.push(c);
        }
    }
    let mut values: Vec<Option<StopperValue>> = vec![None; n];
    let mut universe = Universe::default();
    let mut steps: u64 = 0;
    for parts in &by_level {
        let mut jobs: Vec<Job> = Vec::new();
        for &c in parts {
            crate::stop::check()?;
            let part = members.get(c).map_or(&[][..], |m| m.as_slice());
            if let Some(value) = short_at_once(g, part, &values, store)? {
                if let Some(&v) = part.first() {
                    values[v as usize] = Some(value);
                }
                continue;
            }
            let job = local_graph(g, part, &values, store, table, &mut universe)?;
            steps += (job.local.len() * job.local.len()) as u64;
            if steps > max_steps {
                return Err(PartizanError::TooMuchWork { operation: "a loopy game's values", limit: max_steps });
            }
            jobs.push(job);
        }
        let simplified = simplify_jobs(jobs, &universe, max_steps)?;
        for (part, simple, fused) in simplified {
            let mut memo = HashMap::new();
            for (r, &v) in part.iter().enumerate() {
                let form = simple.packed(fused.get(r).copied().unwrap_or(r as u32));
                memo.clear();
                let value = match short_value_of(&form, 0, store, &mut memo)? {
                    Some(s) => StopperValue::Short(s),
                    None => StopperValue::Loopy(table.intern(form)?),
                };
                values[v as usize] = Some(value);
            }
        }
    }
    Ok(values.into_iter().map(|v| v.unwrap_or(StopperValue::Loopy(u32::MAX))).collect())
}

/// A part to simplify: its positions (vertices 0..k of `local`), the graph with its exits'
/// values copied beside them, where the short copies begin, and which short game each is.
struct Job {
    part: Vec<u32>,
    local: LoopyGraph,
    known_from: usize,
    uids: Vec<u32>,
}

/// The value of a part that is one position with no pass and short options: a short game.
fn short_at_once(
    g: &LoopyGraph,
    part: &[u32],
    values: &[Option<StopperValue>],
    store: &mut GameStore,
) -> Result<Option<StopperValue>, PartizanError> {
    let [v] = part else { return Ok(None) };
    let (l, r) = (g.left(*v), g.right(*v));
    if l.contains(v) || r.contains(v) {
        return Ok(None);
    }
    let shorts = |os: &[u32]| -> Option<Vec<GameValue>> {
        os.iter()
            .map(|&w| match values.get(w as usize).copied().flatten() {
                Some(StopperValue::Short(s)) => Some(s),
                _ => None,
            })
            .collect()
    };
    match (shorts(l), shorts(r)) {
        (Some(ls), Some(rs)) => Ok(Some(StopperValue::Short(store.game(&ls, &rs)?))),
        _ => Ok(None),
    }
}

/// The part's positions as vertices 0..k, the loopy exits' forms copied after them, and last
/// the short exits' games, whose comparisons the universe knows.
fn local_graph(
    g: &LoopyGraph,
    part: &[u32],
    values: &[Option<StopperValue>],
    store: &mut GameStore,
    table: &StopperTable,
    universe: &mut Universe,
) -> Result<Job, PartizanError> {
    let value_of = |w: u32| values.get(w as usize).copied().flatten();
    let mut local = LoopyGraph::new();
    let mut at: HashMap<u32, u32> = HashMap::new();
    for &v in part {
        at.insert(v, local.add_vertex());
    }
    let mut exits: Vec<(u32, usize, Vec<u32>)> = Vec::new();
    let mut loopies: HashMap<u32, u32> = HashMap::new();
    for &v in part {
        for player in 0..2 {
            let options = undominated_exits(g, v, player, &at, values, store)?;
            for &w in &options {
                if let (None, Some(StopperValue::Loopy(i))) = (at.get(&w), value_of(w)) {
                    if let std::collections::hash_map::Entry::Vacant(e) = loopies.entry(i) {
                        let form = table.form(i).cloned().unwrap_or_default();
                        e.insert(local.append(&form));
                    }
                }
            }
            exits.push((v, player, options));
        }
    }
    let known_from = local.len();
    let mut short_at: HashMap<u32, u32> = HashMap::new();
    let mut uids: Vec<u32> = Vec::new();
    for (v, player, options) in exits {
        for w in options {
            let target = match (at.get(&w), value_of(w)) {
                (Some(&t), _) => t,
                (None, Some(StopperValue::Loopy(i))) => loopies.get(&i).copied().unwrap_or(0),
                (None, Some(StopperValue::Short(s))) => {
                    let u = universe.id(store, s)?;
                    universe.embed(u, &mut local, &mut short_at, &mut uids)
                }
                (None, None) => {
                    return Err(PartizanError::Undefined(
                        "a position was reached before the positions it moves to were valued".into(),
                    ))
                }
            };
            let from = at.get(&v).copied().unwrap_or(0);
            if player == 0 {
                local.add_left(from, target);
            } else {
                local.add_right(from, target);
            }
        }
    }
    Ok(Job { part: part.to_vec(), local, known_from, uids })
}

/// A part simplified: its positions, the simplified graph, where each vertex went.
type Simplified = (Vec<u32>, LoopyGraph, Vec<u32>);

/// Simplifies the parts of one level, on as many threads as the machine has (each part's
/// work is its own; the universe is only read).
fn simplify_jobs(jobs: Vec<Job>, universe: &Universe, max_steps: u64) -> Result<Vec<Simplified>, PartizanError> {
    let one = |job: Job| -> Result<Simplified, PartizanError> {
        let Job { part, local, known_from, uids } = job;
        let le = stopper_pairs_le(&local, known_from, |x, y| {
            let (a, b) = (uids.get(x - known_from).copied(), uids.get(y - known_from).copied());
            a.zip(b).is_some_and(|(a, b)| universe.le(a, b))
        });
        let roots: Vec<u32> = (0..part.len() as u32).collect();
        let (simple, fused) = simplify_all(local, &le, &roots, max_steps)?;
        Ok((part, simple, fused))
    };
    let threads = std::thread::available_parallelism().map_or(1, |t| t.get()).min(jobs.len());
    if threads <= 1 {
        return jobs.into_iter().map(one).collect();
    }
    // Deal the parts out in turn, so that each thread gets large and small ones alike.
    let mut hands: Vec<Vec<(usize, Job)>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, job) in jobs.into_iter().enumerate() {
        if let Some(hand) = hands.get_mut(i % threads) {
            hand.push((i, job));
        }
    }
    let token = crate::stop::current();
    let done: Vec<Vec<(usize, Result<Simplified, PartizanError>)>> = std::thread::scope(|scope| {
        let workers: Vec<_> = hands
            .into_iter()
            .map(|hand| {
                let token = token.clone();
                let one = &one;
                scope.spawn(move || {
                    let work = || hand.into_iter().map(|(i, job)| (i, one(job))).collect::<Vec<_>>();
                    match token {
                        Some(t) => t.run(work),
                        None => work(),
                    }
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
    });
    let mut all: Vec<(usize, Result<Simplified, PartizanError>)> = done.into_iter().flatten().collect();
    all.sort_by_key(|(i, _)| *i);
    all.into_iter().map(|(_, r)| r).collect()
}

/// The options of `v` for `player` with the exits whose short values are dominated by another
/// exit's left out (a Left option at most another, a Right one at least another: removing them
/// keeps the value), so that fewer short games are copied beside the part.
fn undominated_exits(
    g: &LoopyGraph,
    v: u32,
    player: usize,
    at: &HashMap<u32, u32>,
    values: &[Option<StopperValue>],
    store: &mut GameStore,
) -> Result<Vec<u32>, PartizanError> {
    let mut kept: Vec<(u32, Option<GameValue>)> = Vec::new();
    for &w in g.options(v, player) {
        let short = match values.get(w as usize).copied().flatten() {
            Some(StopperValue::Short(s)) if !at.contains_key(&w) => Some(s),
            _ => None,
        };
        if let Some(s) = short {
            let mut dominated = false;
            let mut i = 0;
            while let Some(&(_, k)) = kept.get(i) {
                if let Some(k) = k {
                    // For Left a smaller option is worse, for Right a larger one.
                    let (worse, better) = if player == 0 { (s, k) } else { (k, s) };
                    if store.le(worse, better)? {
                        dominated = true;
                        break;
                    }
                    if store.le(better, worse)? {
                        kept.remove(i);
                        continue;
                    }
                }
                i += 1;
            }
            if dominated {
                continue;
            }
        }
        kept.push((w, short));
    }
    Ok(kept.into_iter().map(|(w, _)| w).collect())
}
