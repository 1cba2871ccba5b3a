//! The state of a quotient's computation between heaps, saved so that a stopped run resumes:
//! the quotient of the heaps so far (its table and P-portion), the pretending function, the
//! growth and the work counted. Written as a short text (the pretending function and the
//! counts) and the table's bytes, kept apart because the table changes only when the quotient
//! grows while the text changes every heap.
//!
//! A state read back is not trusted: [`QuotientState::read`] checks its shape, and
//! [`QuotientBuilder::resume`](super::QuotientBuilder::resume) proves its quotient again for its
//! heaps before going on.

use std::sync::Arc;

use super::monoid::Bipartite;
use crate::rules::Ruleset;

/// The state of a quotient's computation after a heap (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientState {
    pub(crate) ruleset: Ruleset,
    pub(crate) monoid: Arc<Bipartite>,
    pub(crate) phi: Vec<u32>,
    pub(crate) growth: Vec<(u64, usize)>,
    pub(crate) states: u64,
    pub(crate) trials: u64,
    /// The proof the run goes on from (the N-condition's minimal pairs for its heaps, as
    /// `verify::Closure::to_bytes` writes them), when it was kept: a resumed run starts from it
    /// instead of proving the saved quotient again.
    pub(crate) proof: Option<Arc<Vec<u8>>>,
    /// The heap after the last one, when runs were stopped inside it: what the longest of them
    /// spent there (see [`UnfinishedHeap`]).
    pub(crate) unfinished: Option<UnfinishedHeap>,
}

/// What a run stopped inside a heap (by `--time`, `--work` or Ctrl-C) had spent on it: a heap
/// stopped part way is begun again by the next run, not kept, so the heap needs more than this,
/// and a run given no more cannot go on past it. Kept with the state (the most over the runs
/// stopped there), for the bounds it was spent under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UnfinishedHeap {
    /// The heap (the one after the state's last).
    pub heap: u64,
    /// The units of work spent on it.
    pub work: u64,
    /// The CPU time spent on it, in milliseconds (the wall time where the system has no CPU
    /// clock).
    pub cpu_ms: u64,
    /// The memory bound it was spent under ([`super::QuotientBuilder::max_memory`]): another
    /// bound may take other trials.
    pub max_memory: u64,
    /// The most elements allowed ([`super::QuotientBuilder::max_order`]), for the same reason.
    pub max_order: usize,
}

impl UnfinishedHeap {
    /// The record that holds both `self` and `other` for the same heap and bounds (the most of
    /// each), else `other`.
    pub(crate) fn merged(self, other: UnfinishedHeap) -> UnfinishedHeap {
        let same = (self.heap, self.max_memory, self.max_order) == (other.heap, other.max_memory, other.max_order);
        match same {
            true => UnfinishedHeap { work: self.work.max(other.work), cpu_ms: self.cpu_ms.max(other.cpu_ms), ..other },
            false => other,
        }
    }
}

/// Receives the state after a heap, to save it ([`super::QuotientBuilder::checkpoint`]).
pub type QuotientCheckpoint = Arc<dyn Fn(&QuotientState) + Send + Sync>;

/// Why a saved state was not read back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StateError(pub String);

/// The bytes before a proof's body in [`QuotientState::proof_bytes`]: the heap (8), the order
/// (4) and the body's CRC-32 (4).
const PROOF_HEADER_BYTES: usize = 16;

const TEXT_HEAD: &str = "grundy misere quotient state 1";
const TABLE_MAGIC: &[u8; 4] = b"GQT1";

impl QuotientState {
    /// The bytes before a proof's body in [`QuotientState::proof_bytes`]: the heap (8), the
    /// order (4) and the body's CRC-32 (4), which [`QuotientState::proof_header_fits`] reads.
    pub const PROOF_HEADER_BYTES: usize = PROOF_HEADER_BYTES;

    /// The game.
    pub fn ruleset(&self) -> &Ruleset {
        &self.ruleset
    }

    /// The last heap computed.
    pub fn heap(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// The quotient's order.
    pub fn order(&self) -> usize {
        self.monoid.size
    }

    /// The heap where the quotient last grew (0 for the trivial quotient): the table changes
    /// only then, so a saver writes it again only when this changes.
    pub fn grown_at(&self) -> u64 {
        self.growth.last().map_or(0, |&(h, _)| h)
    }

    /// The state but the table, as text: the game, the counts, the growth and the pretending
    /// function.
    pub fn text(&self) -> String {
        let growth: Vec<String> = self.growth.iter().map(|(h, o)| format!("{h}:{o}")).collect();
        let phi: Vec<String> = self.phi.iter().map(u32::to_string).collect();
        format!(
            "{TEXT_HEAD}\ngame {}\nheap {}\norder {}\ngrown_at {}\nwork {}\ntrials {}\ngrowth {}\npretending {}\n",
            self.ruleset,
            self.heap(),
            self.order(),
            self.grown_at(),
            self.states,
            self.trials,
            growth.join(" "),
            phi.join(" ")
        ) + &self.unfinished.map_or(String::new(), |u| {
            format!("unfinished {} {} {} {} {}\n", u.heap, u.work, u.cpu_ms, u.max_memory, u.max_order)
        })
    }

    /// The proof kept with the state, as bytes to store beside it: the heap and order it is
    /// for, a CRC-32 of the rest, then the proof ([`QuotientState::with_proof`] reads them).
    /// `None` when no proof was kept (a state saved in the middle of a heap).
    pub fn proof_bytes(&self) -> Option<Vec<u8>> {
        let body = self.proof.as_ref()?;
        let mut out = Vec::with_capacity(PROOF_HEADER_BYTES + body.len());
        out.extend_from_slice(&self.heap().to_le_bytes());
        out.extend_from_slice(&(self.order() as u32).to_le_bytes());
        out.extend_from_slice(&crc32fast::hash(body).to_le_bytes());
        out.extend_from_slice(body);
        Some(out)
    }

    /// The state with the proof `bytes` ([`QuotientState::proof_bytes`]) kept beside it, when
    /// they are for this state's heap and order and their checksum holds; otherwise the state
    /// as it was (its quotient is then proven again on resuming, as without a proof). The proof
    /// is checked for shape again when a run resumes from it.
    pub fn with_proof(mut self, bytes: &[u8]) -> QuotientState {
        let read = || -> Option<Vec<u8>> {
            let (head, body) = bytes.split_first_chunk::<PROOF_HEADER_BYTES>()?;
            let crc = u32::from_le_bytes([head[12], head[13], head[14], head[15]]);
            (self.proof_header_fits(head) && crc == crc32fast::hash(body)).then(|| body.to_vec())
        };
        self.proof = read().map(Arc::new);
        self
    }

    /// Whether the first [`QuotientState::PROOF_HEADER_BYTES`] of a proof's bytes name this
    /// state's heap and order, so that a reader checks them before it reads the rest (a proof
    /// for another heap, or garbage, is then never read whole).
    pub fn proof_header_fits(&self, head: &[u8; PROOF_HEADER_BYTES]) -> bool {
        u64::from_le_bytes([head[0], head[1], head[2], head[3], head[4], head[5], head[6], head[7]]) == self.heap()
            && u32::from_le_bytes([head[8], head[9], head[10], head[11]]) as usize == self.order()
    }

    /// Whether a proof is kept with the state.
    pub fn has_proof(&self) -> bool {
        self.proof.is_some()
    }

    /// What the runs stopped inside the next heap spent on it, if any was.
    pub fn unfinished(&self) -> Option<UnfinishedHeap> {
        self.unfinished
    }

    /// The bytes [`QuotientState::table_bytes`] writes for a quotient of `order` elements: a
    /// reader checks a file's length against it before reading it.
    pub fn table_len(order: u64) -> u64 {
        8u64.saturating_add(order.saturating_mul(order).saturating_mul(4)).saturating_add(order)
    }

    /// The quotient's table and P-portion, as bytes.
    pub fn table_bytes(&self) -> Vec<u8> {
        let m = &self.monoid;
        let n = m.size;
        let mut out = Vec::with_capacity(8 + 4 * n * n + n);
        out.extend_from_slice(TABLE_MAGIC);
        out.extend_from_slice(&(n as u32).to_le_bytes());
        for x in 0..n as u32 {
            for y in 0..n as u32 {
                out.extend_from_slice(&m.mul(x, y).to_le_bytes());
            }
        }
        out.extend((0..n as u32).map(|x| u8::from(m.is_p(x))));
        out
    }

    /// The state written by [`QuotientState::text`] and [`QuotientState::table_bytes`], checked
    /// for shape (its quotient is proven again when a computation resumes from it).
    pub fn read(text: &str, table: &[u8]) -> Result<QuotientState, StateError> {
        let bad = |why: &str| StateError(format!("the saved state is damaged: {why}"));
        let mut lines = text.lines();
        if lines.next() != Some(TEXT_HEAD) {
            return Err(bad("its first line is not the state's heading"));
        }
        let mut field = |name: &str| -> Result<String, StateError> {
            let line = lines.next().ok_or_else(|| bad(&format!("no '{name}' line")))?;
            line.strip_prefix(name)
                .and_then(|rest| rest.strip_prefix(' ').or(rest.is_empty().then_some("")))
                .map(str::to_string)
                .ok_or_else(|| bad(&format!("'{name}' line expected")))
        };
        let number = |name: &str, text: String| text.parse::<u64>().map_err(|_| bad(&format!("'{name}' is no number")));
        let ruleset: Ruleset = field("game")?.parse().map_err(|_| bad("its game is not one grundy reads"))?;
        let heap = number("heap", field("heap")?)?;
        let order = number("order", field("order")?)?;
        let grown_at = number("grown_at", field("grown_at")?)?;
        let states = number("work", field("work")?)?;
        let trials = number("trials", field("trials")?)?;
        let mut growth = vec![];
        for pair in field("growth")?.split_whitespace() {
            let (h, o) = pair.split_once(':').ok_or_else(|| bad("a growth entry is not heap:order"))?;
            let h = number("growth", h.to_string())?;
            let o =
                usize::try_from(number("growth", o.to_string())?).map_err(|_| bad("a growth order is too large"))?;
            growth.push((h, o));
        }
        let phi: Vec<u32> = field("pretending")?
            .split_whitespace()
            .map(|x| x.parse::<u32>().map_err(|_| bad("a pretending element is no number")))
            .collect::<Result<_, _>>()?;
        // The record of a heap stopped part way, written after the rest when there is one (a
        // state written before it was kept has none).
        let unfinished = match lines.next() {
            None => None,
            Some(line) => {
                let rest =
                    line.strip_prefix("unfinished ").ok_or_else(|| bad("a line follows its pretending function"))?;
                let n: Vec<u64> = rest
                    .split(' ')
                    .map(|x| x.parse::<u64>().map_err(|_| bad("'unfinished' is not five numbers")))
                    .collect::<Result<_, _>>()?;
                let &[heap, work, cpu_ms, max_memory, max_order] = &n[..] else {
                    return Err(bad("'unfinished' is not five numbers"));
                };
                let max_order = usize::try_from(max_order).map_err(|_| bad("'unfinished' is not five numbers"))?;
                if heap != phi.len() as u64 {
                    return Err(bad("'unfinished' names another heap than the one after its last"));
                }
                Some(UnfinishedHeap { heap, work, cpu_ms, max_memory, max_order })
            }
        };
        let monoid = read_table(table).ok_or_else(|| bad("its table is not a monoid's"))?;
        let state =
            QuotientState { ruleset, monoid: Arc::new(monoid), phi, growth, states, trials, proof: None, unfinished };
        if state.phi.is_empty() || state.phi[0] != 0 || state.heap() != heap {
            return Err(bad("its pretending function does not cover its heaps"));
        }
        if state.order() as u64 != order || state.grown_at() != grown_at {
            return Err(bad("its table is not the one its text names"));
        }
        if state.phi.iter().any(|&x| x as usize >= state.order()) {
            return Err(bad("a heap pretends to be no element of its table"));
        }
        check_growth(&state).map_err(|why| bad(&format!("its growth history {why}")))?;
        // The growth history is printed as it is kept: it must be the one the table and the
        // pretending function give (issue 80: `1:3` for `1:2` was printed as if computed). The
        // table itself is proven again when a run resumes from it.
        let computed = super::run::growth_history(&state.monoid, &state.phi);
        if computed != state.growth {
            let at = computed.iter().zip(&state.growth).take_while(|(a, b)| a == b).count();
            let entry = |g: &[(u64, usize)]| g.get(at).map_or("nothing".to_string(), |(h, o)| format!("{h}:{o}"));
            return Err(bad(&format!(
                "its growth history has {} where its table and pretending function give {} (entry {} of heap:order)",
                entry(&state.growth),
                entry(&computed),
                at + 1
            )));
        }
        Ok(state)
    }
}

/// Checks the growth history against the rest of the state: the heaps where the quotient grew
/// rise, each within the heaps computed, and each a heap whose element was new then (not an
/// element of an earlier heap); the orders rise from 2 to the table's order; the trivial
/// quotient has grown nowhere.
fn check_growth(state: &QuotientState) -> Result<(), String> {
    let mut last = (0u64, 1usize);
    for &(heap, order) in &state.growth {
        if heap <= last.0 || heap > state.heap() {
            return Err(format!("names heap {heap} out of order or past the last heap, {}", state.heap()));
        }
        if order <= last.1 {
            return Err(format!("has the order {order} at heap {heap}, not more than before"));
        }
        let element = state.phi[heap as usize];
        if state.phi[..heap as usize].contains(&element) {
            return Err(format!("says the quotient grew at heap {heap}, whose element an earlier heap has"));
        }
        last = (heap, order);
    }
    if last.1 != state.order() {
        return Err(format!("ends at order {}, where the table has {}", last.1, state.order()));
    }
    Ok(())
}

/// A table written by [`QuotientState::table_bytes`]: a commutative table on `0..n` with
/// identity 0 and every product an element.
fn read_table(bytes: &[u8]) -> Option<Bipartite> {
    let rest = bytes.strip_prefix(TABLE_MAGIC)?;
    let n = u32::from_le_bytes(rest.get(..4)?.try_into().ok()?) as usize;
    let rest = &rest[4..];
    let cells = n.checked_mul(n)?;
    if n == 0 || rest.len() != cells.checked_mul(4)?.checked_add(n)? {
        return None;
    }
    let table: Vec<u32> =
        rest[..4 * cells].chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    let p: Vec<bool> = rest[4 * cells..].iter().map(|&b| b == 1).collect();
    if table.iter().any(|&x| x as usize >= n) || rest[4 * cells..].iter().any(|&b| b > 1) {
        return None;
    }
    for x in 0..n {
        if table[x] as usize != x || table[x * n] as usize != x {
            return None;
        }
    }
    Some(Bipartite::from_parts(n, table, p))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    /// A state reads back as it was written; a damaged one is refused, saying why.
    #[test]
    fn a_state_reads_back_and_a_damaged_one_is_refused() {
        let monoid = Bipartite::from_parts(2, vec![0, 1, 1, 0], vec![false, true]);
        let state = QuotientState {
            ruleset: "octal:0.75".parse().unwrap(),
            monoid: Arc::new(monoid),
            phi: vec![0, 1, 1],
            growth: vec![(1, 2)],
            states: 17,
            trials: 3,
            proof: None,
            unfinished: None,
        };
        let (text, table) = (state.text(), state.table_bytes());
        assert_eq!(QuotientState::read(&text, &table), Ok(state.clone()));
        // A heap stopped part way is kept with it, for the heap after the last alone.
        let unfinished = UnfinishedHeap { heap: 3, work: 99, cpu_ms: 1500, max_memory: 1 << 29, max_order: 32768 };
        let stopped = QuotientState { unfinished: Some(unfinished), ..state.clone() };
        assert_eq!(QuotientState::read(&stopped.text(), &table), Ok(stopped.clone()));
        let other = stopped.text().replace("unfinished 3 ", "unfinished 4 ");
        assert!(QuotientState::read(&other, &table).unwrap_err().0.contains("another heap"));
        let cut = &table[..table.len() - 1];
        assert!(QuotientState::read(&text, cut).unwrap_err().0.contains("table"));
        let other = text.replace("pretending 0 1 1", "pretending 0 1 5");
        assert!(QuotientState::read(&other, &table).unwrap_err().0.contains("no element"));
        assert!(QuotientState::read("", &table).is_err());
        // A growth history edited: a heap out of order, an order that the table does not have.
        // (Each edit keeps the last growth's heap, which names the table, as the text says.)
        for (from, to) in [
            ("grown_at 1\nwork 17\ntrials 3\ngrowth 1:2", "grown_at 2\nwork 17\ntrials 3\ngrowth 2:2"),
            ("growth 1:2", "growth 1:3"),
            ("growth 1:2", "growth 1:1 1:2"),
        ] {
            let edited = text.replace(from, to);
            assert_ne!(edited, text);
            let e = QuotientState::read(&edited, &table).unwrap_err().0;
            assert!(e.contains("growth history"), "{to}: {e}");
        }
    }
}
