//! The misère quotients analyses have computed, kept for the next analysis of the same ruleset
//! in a cache the caller owns, bounded in bytes.

use std::fmt;
use std::sync::{Arc, Mutex};

use super::{MisereQuotient, QuotientBuilder, QuotientError};
use crate::rules::Ruleset;
use crate::stop::Stopped;

/// The work a quotient computed for an analysis may do (well under a second): Kayles'
/// quotient, proven at heap 167, takes a few million units of it; Dawson's Kayles' reaches
/// heap 30 (360 elements), past which its misère sums are searched.
pub const ANALYSIS_QUOTIENT_WORK: u64 = 78_000_000;

/// The bytes of quotients a [`QuotientCache`] keeps when no other bound is given (its
/// `Default`): their multiplication tables and pretending functions.
pub const ANALYSIS_QUOTIENT_CACHE_BYTES: usize = 256 << 20;

/// The misère quotients analyses have computed, kept for the next analysis of the same
/// ruleset, within a bound on their bytes given at construction (the oldest is dropped first),
/// so that a process that analyses many codes (a web worker, a Python session) does not grow
/// without bound.
///
/// The caller owns it, as regex-automata's caller owns a cache beside its engine: an
/// [`AnalyzeOptions`](crate::AnalyzeOptions) carries one, a fresh one by default (so one
/// analysis computes a quotient once and a library user need do nothing), and a front end
/// that analyses again and again (a play session, `grundy batch`, the web server, the Python
/// module) keeps one across calls. Cloning is cheap and shares the quotients kept: the clones
/// of one cache, in any threads, are the same cache.
///
/// ```
/// use grundy::Ruleset;
/// use grundy::frontend::QuotientCache;
/// let cache = QuotientCache::new(1 << 20);
/// let kayles: Ruleset = "kayles".parse().unwrap();
/// let q = cache.quotient(&kayles).unwrap().unwrap();
/// let again = cache.clone().quotient(&kayles).unwrap().unwrap();
/// assert!(std::sync::Arc::ptr_eq(&q, &again));
/// assert_eq!(cache.computed(), 1);
/// ```
#[derive(Clone)]
pub struct QuotientCache {
    kept: Arc<Mutex<Kept>>,
    max_bytes: usize,
}

/// The quotients kept, oldest first, with their bytes, and how many were computed.
#[derive(Default)]
struct Kept {
    quotients: std::collections::VecDeque<(Ruleset, Arc<MisereQuotient>, usize)>,
    bytes: usize,
    computed: u64,
}

impl Kept {
    fn get(&self, ruleset: &Ruleset) -> Option<Arc<MisereQuotient>> {
        self.quotients.iter().find(|(r, _, _)| r == ruleset).map(|(_, q, _)| Arc::clone(q))
    }

    /// Keeps `q`, dropping the oldest quotients while the bytes kept pass `limit`; a quotient
    /// larger than the limit on its own is not kept.
    fn keep(&mut self, ruleset: &Ruleset, q: &Arc<MisereQuotient>, limit: usize) {
        let bytes = q.bytes();
        if bytes > limit || self.get(ruleset).is_some() {
            return;
        }
        while self.bytes + bytes > limit {
            let Some((_, _, b)) = self.quotients.pop_front() else { break };
            self.bytes -= b;
        }
        self.quotients.push_back((ruleset.clone(), Arc::clone(q), bytes));
        self.bytes += bytes;
    }
}

impl Default for QuotientCache {
    /// A fresh cache of at most [`ANALYSIS_QUOTIENT_CACHE_BYTES`].
    fn default() -> Self {
        QuotientCache::new(ANALYSIS_QUOTIENT_CACHE_BYTES)
    }
}

impl fmt::Debug for QuotientCache {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("QuotientCache")
            .field("max_bytes", &self.max_bytes)
            .field("bytes", &self.bytes())
            .field("kept", &self.len())
            .finish()
    }
}

/// Two handles are equal when they share their quotients (clones of one cache).
impl PartialEq for QuotientCache {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.kept, &other.kept)
    }
}

impl Eq for QuotientCache {}

impl QuotientCache {
    /// An empty cache that keeps at most `max_bytes` of quotients ([`MisereQuotient::bytes`]).
    pub fn new(max_bytes: usize) -> Self {
        QuotientCache { kept: Arc::default(), max_bytes }
    }

    /// The bound given at construction, in bytes.
    pub fn max_bytes(&self) -> usize {
        self.max_bytes
    }

    /// The bytes of the quotients kept now (at most [`QuotientCache::max_bytes`]).
    pub fn bytes(&self) -> usize {
        self.lock().bytes
    }

    /// How many quotients are kept now.
    pub fn len(&self) -> usize {
        self.lock().quotients.len()
    }

    /// Whether no quotient is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// How many quotients this cache (and its clones) computed, kept or not: a second analysis
    /// of a ruleset whose quotient is kept computes none.
    pub fn computed(&self) -> u64 {
        self.lock().computed
    }

    /// The quotient of `ruleset` kept now, if any.
    pub fn get(&self, ruleset: &Ruleset) -> Option<Arc<MisereQuotient>> {
        self.lock().get(ruleset)
    }

    /// The quotient of `ruleset` as an analysis uses it: the one kept, or one computed within
    /// [`ANALYSIS_QUOTIENT_WORK`] and the default bounds, then kept. `None` for a ruleset that
    /// is not take-and-break. The lock is not held while it is computed, so other threads
    /// sharing the cache are not held up.
    pub fn quotient(&self, ruleset: &Ruleset) -> Result<Option<Arc<MisereQuotient>>, Stopped> {
        if let Some(q) = self.get(ruleset) {
            return Ok(Some(q));
        }
        let q = match QuotientBuilder::new(ruleset).max_work(ANALYSIS_QUOTIENT_WORK).build() {
            Ok(q) => Arc::new(q),
            // No state is resumed here, so none is refused.
            Err(QuotientError::NotTakeAndBreak(_) | QuotientError::BadState(_)) => return Ok(None),
            Err(QuotientError::Stopped(s)) => return Err(s),
        };
        let mut kept = self.lock();
        kept.computed += 1;
        kept.keep(ruleset, &q, self.max_bytes);
        Ok(Some(q))
    }

    /// The lock, taken even if a thread panicked holding it: the quotients kept are whole
    /// (each is pushed or popped in one step), so they stay right to use.
    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn quotient(code: &str) -> Arc<MisereQuotient> {
        let r: Ruleset = code.parse().unwrap();
        Arc::new(QuotientBuilder::new(&r).upto(20).build().unwrap())
    }

    #[test]
    fn the_cache_keeps_at_most_its_bytes_dropping_the_oldest() {
        let codes = ["octal:0.75", "octal:0.77", "octal:0.71", "octal:0.53"];
        let qs: Vec<(Ruleset, Arc<MisereQuotient>)> = codes.iter().map(|c| (c.parse().unwrap(), quotient(c))).collect();
        let two = qs[0].1.bytes() + qs[1].1.bytes();
        assert!(qs.iter().all(|(_, q)| q.bytes() > 0));
        let mut cache = Kept::default();
        // Room for the first two together: the third drops the first.
        let limit = two.max(qs[1].1.bytes() + qs[2].1.bytes());
        for (r, q) in &qs[..3] {
            cache.keep(r, q, limit);
            assert!(cache.bytes <= limit);
        }
        assert!(cache.get(&qs[2].0).is_some());
        assert!(cache.get(&qs[0].0).is_none(), "the oldest is dropped first");
        // A quotient larger than the whole limit is not kept, and nothing else is dropped for it.
        let before = cache.quotients.len();
        cache.keep(&qs[3].0, &qs[3].1, 1);
        assert!(cache.get(&qs[3].0).is_none());
        let mut tiny = Kept::default();
        tiny.keep(&qs[3].0, &qs[3].1, 1);
        assert!(tiny.quotients.is_empty() && tiny.bytes == 0);
        assert_eq!(cache.quotients.len(), before);
    }
}
