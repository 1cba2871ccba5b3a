//! The computation of a quotient heap by heap: the run's state, each heap's step (an element
//! already there, or a new generator from trial monoids and refinements), and the trial
//! monoids themselves.

use super::*;

impl QuotientBuilder {
    /// Computes the quotient heap by heap from the first heap not yet computed (or from a
    /// resumed state) to `upto`, a stop or a proven period; `timer` is the time limit's token.
    pub(super) fn compute(
        &self,
        rules: &SplitRules,
        timer: Option<(&stop::StopToken, std::time::Duration)>,
    ) -> Result<MisereQuotient, QuotientError> {
        let upto = self.upto.unwrap_or(DEFAULT_QUOTIENT_UPTO);
        let mut run = Run::new(rules, self);
        if let Some(state) = &self.resume {
            // A limit or Ctrl-C while the saved quotient's proof is completed stops the run at
            // the saved heap, the part of the proof made kept for the next run.
            match run.restore(state, &self.ruleset) {
                Err(QuotientError::Stopped(Stopped::TimeUp { .. }))
                    if timer.is_some_and(|(t, _)| t.deadline_passed()) =>
                {
                    run.save(&self.ruleset, true);
                    let limit = timer.map(|(_, l)| l).unwrap_or_default();
                    let stop = QuotientStop::Time { heap: state.heap(), limit, spent: 0 };
                    return Ok(run.finish(&self.ruleset, None, stop));
                }
                Err(QuotientError::Stopped(Stopped::Cancelled)) if self.keep_on_cancel => {
                    run.save(&self.ruleset, true);
                    let stop = QuotientStop::Cancelled { heap: state.heap(), spent: 0 };
                    return Ok(run.finish(&self.ruleset, None, stop));
                }
                r => r?,
            }
        }
        let first = run.phi.len() as u64;
        let mut stop = QuotientStop::Upto(upto.max(first - 1));
        let mut period = rules.proven_period(&run.phi);
        let mut saved = crate::stop::Instant::now();
        if period.is_some() {
            stop = QuotientStop::Proven;
        }
        for n in first..=upto {
            if period.is_some() {
                break;
            }
            run.heap_start = run.states;
            run.heap_start_trials = run.trials;
            let clock = crate::engine::forecast::Clock::start(false);
            let stepped = match stop::check().and_then(|()| run.step(n)) {
                Ok(r) => r,
                Err(Stopped::TimeUp { .. }) if timer.is_some_and(|(t, _)| t.deadline_passed()) => {
                    run.unwind();
                    let limit = timer.map(|(_, l)| l).unwrap_or_default();
                    Err(QuotientStop::Time { heap: n - 1, limit, spent: run.states - run.heap_start })
                }
                Err(Stopped::Cancelled) if self.keep_on_cancel => {
                    run.unwind();
                    Err(QuotientStop::Cancelled { heap: n - 1, spent: run.states - run.heap_start })
                }
                Err(s) => {
                    run.unwind();
                    run.save(&self.ruleset, false);
                    return Err(s.into());
                }
            };
            if let Err(s) = stepped {
                // A heap stopped part way by a limit or Ctrl-C is begun again by the next run:
                // what it took is kept, so that a run given no more is told it cannot go on.
                if matches!(s, QuotientStop::Time { .. } | QuotientStop::Work { .. } | QuotientStop::Cancelled { .. }) {
                    run.stopped_inside(n, (clock.seconds() * 1000.0) as u64);
                }
                stop = s;
                break;
            }
            run.report(n);
            if saved.elapsed() >= CHECKPOINT_EVERY {
                run.save(&self.ruleset, true);
                saved = crate::stop::Instant::now();
            }
            if let Some(p) = rules.proven_period(&run.phi) {
                period = Some(p);
                stop = QuotientStop::Proven;
            }
        }
        // A stop inside a heap saves the counts from before it, as a resumed run starts it again.
        run.save(&self.ruleset, matches!(stop, QuotientStop::Proven | QuotientStop::Upto(_)));
        Ok(run.finish(&self.ruleset, period, stop))
    }
}

/// How often a computation hands its state to a checkpoint (and once when it stops).
pub(super) const CHECKPOINT_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// The computation under way.
pub(super) struct Run<'a> {
    rules: &'a SplitRules,
    /// The quotient of the heaps so far (shared: trials and proofs borrow it while the run
    /// goes on, and a table of millions of numbers is never copied).
    q: Arc<Bipartite>,
    /// Φ(h) for the heaps computed.
    phi: Vec<u32>,
    /// For each heap, 0 when it has no move (it is the empty game), else a bound on how many
    /// options it has (the work of listing them).
    moves: Vec<u64>,
    /// The distinct letters of the heaps so far in the current quotient, kept while it stands,
    /// counted against the memory bound with the table and the proof. Each heap's own letter
    /// is not kept: it lists its options' elements (up to the order), so keeping every heap's
    /// grew as the heaps times the order, uncounted (100 MB past heap 18,000 of 0.777), and a
    /// letter is read again only when the quotient changes, which makes them all anew.
    alphabet: Option<Alphabet>,
    /// The N-condition's pairs for the alphabet, kept while the quotient stands.
    closure: Option<verify::Closure>,
    /// Whether `closure` holds only some of the alphabet's letters: a stop came while it was
    /// made (it is kept, and saved, so that the next step or run goes on from it).
    closure_partial: bool,
    max_order: usize,
    max_work: u64,
    growth: Vec<(u64, usize)>,
    states: u64,
    /// The work counted when the heap under way was begun.
    heap_start: u64,
    /// The trials counted when the heap under way was begun.
    heap_start_trials: u64,
    /// The trial monoids tried.
    trials: u64,
    /// The memory the computation may use, in bytes.
    max_memory: u64,
    /// The most bytes a step that did not fit the memory would have needed, for the heap under
    /// way (a trial too large is passed over; if no trial is proven, the stop says so).
    short_of_memory: Option<u64>,
    progress: Option<QuotientProgress>,
    checkpoint: Option<QuotientCheckpoint>,
    refinement: Refinement,
    /// What the runs stopped inside the heap after the last one spent there (a resumed state's,
    /// and this run's once it is stopped there).
    unfinished: Option<UnfinishedHeap>,
}

impl<'a> Run<'a> {
    fn new(rules: &'a SplitRules, b: &QuotientBuilder) -> Self {
        Run {
            rules,
            q: Arc::new(Bipartite::trivial()),
            phi: vec![0],
            moves: vec![0],
            alphabet: None,
            closure: None,
            closure_partial: false,
            max_order: b.max_order,
            max_work: b.max_work,
            growth: vec![],
            states: 0,
            heap_start: 0,
            heap_start_trials: 0,
            trials: 0,
            max_memory: b.max_memory,
            short_of_memory: None,
            progress: b.progress.clone(),
            checkpoint: b.checkpoint.clone(),
            refinement: b.refinement,
            unfinished: None,
        }
    }

    /// Notes that heap `n` was stopped part way after the work since its start and `cpu_ms`.
    fn stopped_inside(&mut self, n: u64, cpu_ms: u64) {
        let now = UnfinishedHeap {
            heap: n,
            work: self.states.saturating_sub(self.heap_start),
            cpu_ms,
            max_memory: self.max_memory,
            max_order: self.max_order,
        };
        self.unfinished = Some(self.unfinished.map_or(now, |before| before.merged(now)));
    }

    /// Starts from a saved state: checked to be this game's, and its quotient proven again
    /// for its heaps (the P- and N-conditions and minimality), the work of that proof not
    /// counted (so the run goes on as the one that saved it would have); where the state keeps
    /// its proof in shape, the run goes on from that proof, minimality alone checked again.
    fn restore(&mut self, state: &QuotientState, ruleset: &Ruleset) -> Result<(), QuotientError> {
        let bad = |why: String| QuotientError::BadState(why);
        if state.ruleset != *ruleset {
            return Err(bad(format!("the saved state is {}'s, not {ruleset}'s", state.ruleset)));
        }
        if state.heap() > MAX_QUOTIENT_UPTO {
            return Err(bad(format!("the saved state is past heap {MAX_QUOTIENT_UPTO}")));
        }
        self.q = Arc::clone(&state.monoid);
        self.phi = state.phi.clone();
        self.moves = (0..=state.heap()).map(|k| if k == 0 { 0 } else { move_bound(self.rules, k) }).collect();
        self.growth = state.growth.clone();
        self.trials = state.trials;
        self.unfinished = state.unfinished.filter(|u| u.heap == state.phi.len() as u64);
        let counted = self.states;
        // The proof kept with the state, when it was and reads back in shape for this quotient
        // and these heaps (all of it, or the part a stop left), is gone on from, as the run that
        // saved it would have: only the letters it does not hold are proven now, so that runs
        // resumed one after another (`--time 3` five times) add up.
        let heaps = self.phi.len();
        let q = Arc::clone(&self.q);
        self.closure = state.proof.as_ref().and_then(|bytes| {
            let alphabet = self.alphabet(heaps);
            verify::Closure::from_bytes(&q, bytes, alphabet.letters.iter())
        });
        self.closure_partial = self.closure.is_some();
        let minimal = verify::minimal(&self.q, &self.phi);
        if self.q.is_p(0) || minimal.is_err() {
            return Err(bad(format!("the saved quotient is not proven for heaps up to {}", state.heap())));
        }
        // The proof's work is not counted (it was, by the run that saved the state).
        let max_work = std::mem::replace(&mut self.max_work, u64::MAX);
        let verdict = self.complete_closure(heaps);
        self.max_work = max_work;
        self.states = state.states.max(counted);
        match verdict? {
            Verdict::Holds => Ok(()),
            Verdict::TooMany => Err(bad("the saved quotient's proof needs more memory than allowed".to_string())),
            _ => Err(bad(format!("the saved quotient is not proven for heaps up to {}", state.heap()))),
        }
    }

    /// Makes the proof (`closure`) hold every letter of the heaps before `heaps`, from the part
    /// made before (a proof kept in a store, or one a stop interrupted) or from the empty sum,
    /// adding each letter it does not hold. A stop keeps what was added (each letter is added
    /// whole or not at all), so that the next step, or the next run from a store, goes on from
    /// it; any other verdict than [`Verdict::Holds`] is returned as it is.
    fn complete_closure(&mut self, heaps: usize) -> Result<Verdict, Stopped> {
        let q = Arc::clone(&self.q);
        let mut closure = self.closure.take().unwrap_or_else(|| verify::Closure::new(&q));
        let missing: Vec<Letter> =
            self.alphabet(heaps).letters.iter().filter(|l| !closure.holds_letter(l)).cloned().collect();
        let words = self.proof_words();
        self.closure_partial = true;
        for l in &missing {
            match closure.add(&q, l, None, words, &mut self.states, self.max_work) {
                Ok(Verdict::Holds) => {}
                other => {
                    self.closure = Some(closure);
                    return other;
                }
            }
        }
        self.closure = Some(closure);
        self.closure_partial = false;
        Ok(Verdict::Holds)
    }

    /// The state now, for a checkpoint: after the last heap done when `complete`, else with
    /// the counts from before the heap that was stopped (its work is done again on resuming).
    fn state(&self, ruleset: &Ruleset, complete: bool) -> QuotientState {
        QuotientState {
            ruleset: ruleset.clone(),
            monoid: Arc::clone(&self.q),
            phi: self.phi.clone(),
            growth: self.growth.clone(),
            states: if complete { self.states } else { self.heap_start },
            trials: if complete { self.trials } else { self.heap_start_trials },
            // The proof is that of the quotient and heaps kept (a heap stopped part way changed
            // neither: its letter joins the proof only once it holds).
            proof: self.closure.as_ref().map(|c| Arc::new(c.to_bytes())),
            unfinished: self.unfinished.filter(|u| u.heap == self.phi.len() as u64),
        }
    }

    /// Hands the state to the checkpoint, if there is one.
    fn save(&self, ruleset: &Ruleset, complete: bool) {
        if let Some(save) = &self.checkpoint {
            save(&self.state(ruleset, complete));
        }
    }

    /// Reports where the computation stands, the last heap done being `heap`.
    fn report(&self, heap: u64) {
        if let Some(report) = &self.progress {
            report(&QuotientHeap { heap, order: self.q.size, trials: self.trials, work: self.states });
        }
    }

    /// Forgets a heap being added when the computation was stopped inside it.
    fn unwind(&mut self) {
        self.moves.truncate(self.phi.len());
    }

    /// The 8-byte words the proof's pairs may hold: the memory less the quotient's table and
    /// the alphabet.
    fn proof_words(&self) -> usize {
        let table = 4 * (self.q.size as u64).pow(2);
        usize::try_from(self.max_memory.saturating_sub(table + self.letters_held()) / 8).unwrap_or(usize::MAX)
    }

    /// The bytes the alphabet's letters hold.
    fn letters_held(&self) -> u64 {
        self.alphabet.as_ref().map_or(0, |a| a.bytes)
    }

    /// Notes that a step needing `bytes` did not fit the memory.
    fn short_of(&mut self, bytes: u64) {
        // What did not fit needs more than the bound, whatever the forecast's rounding.
        let bytes = bytes.max(self.max_memory.saturating_add(1));
        self.short_of_memory = Some(self.short_of_memory.unwrap_or(0).max(bytes));
    }

    /// Counts `units` of work done; `true` once the work passes the bound (the caller stops
    /// there, keeping the quotient of the heaps before the one under way).
    fn spend(&mut self, units: u64) -> bool {
        self.states = self.states.saturating_add(units);
        self.states > self.max_work
    }

    /// The elements the options of heap `k` pretend to be, with `img` giving each heap's
    /// element and `mul` the product. The options are listed again each time, not kept: a
    /// heap of n has about n of them, and keeping every heap's would take memory growing as
    /// the square of the heaps computed.
    fn images(&self, k: usize, img: &dyn Fn(u64) -> u32, mul: &dyn Fn(u32, u32) -> u32) -> Vec<u32> {
        // Gathered as bits (a heap of n has about n options, many pretending alike), then listed.
        let mut bits: Vec<u64> = vec![];
        self.rules.for_each_option(k as u64, &mut |to| {
            let x = to.iter().filter(|&&h| h > 0).fold(0, |x, &h| mul(x, img(h))) as usize;
            if bits.len() <= x / 64 {
                bits.resize(x / 64 + 1, 0);
            }
            bits[x / 64] |= 1 << (x % 64);
        });
        let mut out: Vec<u32> = vec![];
        for (w, &word) in bits.iter().enumerate() {
            let mut b = word;
            while b != 0 {
                out.push((w * 64) as u32 + b.trailing_zeros());
                b &= b - 1;
            }
        }
        out
    }

    /// The options of heap `k`, as the heaps they leave (empty heaps left out).
    fn options_of(&self, k: usize) -> Vec<Vec<u64>> {
        let mut out: Vec<Vec<u64>> = vec![];
        self.rules.for_each_option(k as u64, &mut |to| out.push(to.iter().copied().filter(|&h| h > 0).collect()));
        out
    }

    /// Heap `h`'s letter in the current quotient (`None` for a heap without a move), its
    /// options listed again (the work counted).
    fn letter(&mut self, h: usize) -> Option<Letter> {
        if self.moves[h] == 0 {
            return None;
        }
        let q = &self.q;
        let phi = &self.phi;
        let options = self.images(h, &|k| phi[k as usize], &|x, y| q.mul(x, y));
        self.states = self.states.saturating_add(self.moves[h]);
        Some(Letter { element: self.phi[h], options })
    }

    /// The distinct letters of the heaps before `heaps` (built once per quotient, then added
    /// to heap by heap).
    fn alphabet(&mut self, heaps: usize) -> &Alphabet {
        if self.alphabet.is_none() {
            let mut a = Alphabet::default();
            for h in 1..heaps {
                if let Some(l) = self.letter(h) {
                    a.insert(l);
                }
            }
            self.alphabet = Some(a);
        }
        self.alphabet.get_or_insert_with(Alphabet::default)
    }

    /// Adds heap `n`: `Ok(Err(why))` when the computation stops there.
    fn step(&mut self, n: u64) -> Result<Result<(), QuotientStop>, Stopped> {
        self.moves.push(move_bound(self.rules, n));
        self.short_of_memory = None;
        let h = n as usize;
        let work_out = |run: &mut Self| Ok(Err(run.work_stop(n)));
        // Listing the options and their elements, and the period check after the heap.
        if self.spend(2 * self.moves[h] + n) {
            return work_out(self);
        }
        if self.moves[h] == 0 {
            // No move: the heap is the empty game, 1.
            self.phi.push(0);
            return Ok(Ok(()));
        }
        // 1. A heap pretending to be an element already there.
        let q = Arc::clone(&self.q);
        let tr = self.images(h, &|k| self.phi[k as usize], &|x, y| q.mul(x, y));
        let heap_is_p = !tr.iter().any(|&t| q.is_p(t));
        // A heap whose options' elements are those of a letter already proven, pretending to be
        // that letter's element, leaves the proof's alphabet as it was: the quotient of the heaps
        // before it is proven with it, and no other element can be (the quotient is unique).
        if let Some(x) = self.alphabet(h).element_with(&tr, &|x| q.is_p(x) == heap_is_p) {
            self.spend(tr.len() as u64);
            self.accept(Letter { element: x, options: tr });
            return Ok(Ok(()));
        }
        // Otherwise each x with the heap's outcome whose P-condition holds (no y with y x in P
        // has a y t in P, t an option's element: read from rows of bits, x's products in P
        // against the y's that some option's element takes into P) is tried by the N-condition
        // from the pairs the heaps before it reached.
        if self.closure.is_none() || self.closure_partial {
            match self.complete_closure(h)? {
                Verdict::Holds => {}
                Verdict::TooMany => return Ok(Err(self.proof_memory_stop(n))),
                Verdict::WorkOut => return work_out(self),
                // The letters were proven together, so none fails here; were one to, no
                // quotient is claimed for this heap.
                Verdict::Fails(_) => {
                    return Ok(Err(self.abandon(QuotientStop::NotFound { heap: n, limit: self.max_order })))
                }
            }
        }
        let words = q.size.div_ceil(64);
        if self.spend((q.size * words + tr.len() * words) as u64) {
            return work_out(self);
        }
        // The closure's rows of bits: for each x, the y with x y in P.
        let rows = self.closure.as_ref().map(verify::Closure::rows).unwrap_or_default();
        let mut into_p = vec![0u64; words];
        for &t in &tr {
            let row = &rows[t as usize * words..(t as usize + 1) * words];
            into_p.iter_mut().zip(row).for_each(|(a, b)| *a |= b);
        }
        let candidates: Vec<u32> = (0..q.size as u32)
            .filter(|&x| {
                let row = &rows[x as usize * words..(x as usize + 1) * words];
                q.is_p(x) == heap_is_p && row.iter().zip(&into_p).all(|(a, b)| a & b == 0)
            })
            .collect();
        // A candidate x with a letter (x, T) already in the alphabet, T among the heap's options'
        // elements: every pair the heap's letter reaches holds the pair (x, T) reaches in its
        // place, which the closure holds, so the N-condition holds as it is (the P-condition was
        // read from the rows above), and the closure needs nothing new.
        if let Some(x) = candidates.iter().copied().find(|&x| self.alphabet(h).has_letter_below(x, &tr)) {
            self.spend(tr.len() as u64);
            self.accept(Letter { element: x, options: tr });
            return Ok(Ok(()));
        }
        let words = self.proof_words();
        // The options' part of each minimal pair's successor is the same for every candidate:
        // made once (when there is more than one candidate and it fits beside the pairs).
        let part = match &self.closure {
            Some(closure) if candidates.len() > 1 && 2 * closure.pairs_words() <= words => {
                let mut states = 0;
                let part = closure.options_part(&q, &tr, &mut states);
                if self.spend(states) {
                    return work_out(self);
                }
                Some(part)
            }
            _ => None,
        };
        for x in candidates {
            let letter = Letter { element: x, options: tr.clone() };
            let Some(closure) = self.closure.as_mut() else { break };
            if let Some(part) = &part {
                // A candidate whose proof fails at the first step is ruled out from bits.
                self.states += (closure.pairs_words() + q.size) as u64;
                if closure.fails_at_once(&q, x, part) == Some(true) {
                    continue;
                }
            }
            match closure.add(&q, &letter, part.as_ref(), words, &mut self.states, self.max_work)? {
                Verdict::Holds => {
                    self.accept(letter);
                    return Ok(Ok(()));
                }
                Verdict::Fails(_) => {}
                Verdict::TooMany => return Ok(Err(self.proof_memory_stop(n))),
                Verdict::WorkOut => return Ok(Err(self.work_stop(n))),
            }
        }
        // 2. A new generator, found by refinement from Q × C(2, 2) (as MisereSolver does).
        if let Some(done) = self.refine(n)? {
            return Ok(done);
        }
        // 3. Otherwise, in trial monoids Q × C(i, p) × ...: heap n gets a cyclic part of
        // its own, and when a trial fails the heaps of the sum where it fails get theirs too
        // (freed from Q), until one is proven or the trials pass their bounds.
        for (i, p) in TRIAL_SHAPES {
            let freed = vec![Freed { heap: h, index: i, period: p }];
            if let Some(done) = self.search(n, freed, None)? {
                return Ok(done);
            }
        }
        // 4. Heap n can split elements of Q (sums the heaps before it did not tell apart, it
        // does): the trial replaces Q by a cover, the free product of cyclic parts
        // C(i, 2) for Q's generators, each heap pretending to be its normal form there, so
        // relations of Q (a^2 = 1, say) can fail once heap n is in the sums.
        // Cyclic parts C(2, 2) first, then the smaller C(1, 2) where the exponents allow, for
        // when the first pass too many elements.
        for least in [2, 1] {
            // The generators' closure and normal forms: products of every element by each.
            if self.spend((h + self.q.size * (1 + self.phi.len().min(self.q.size))) as u64) {
                return Ok(Err(self.work_stop(n)));
            }
            let (cover, gens) = self.cover(h, least);
            for (i, p) in TRIAL_SHAPES {
                let mut freed = gens.clone();
                freed.push(Freed { heap: h, index: i, period: p });
                if let Some(done) = self.search(n, freed, Some(&cover))? {
                    return Ok(done);
                }
            }
        }
        let why = match self.short_of_memory {
            // A trial that would have been tried did not fit: memory, not the trials, stopped it.
            Some(needed) => QuotientStop::Memory { heap: n, needed, limit: self.max_memory },
            None => QuotientStop::NotFound { heap: n, limit: self.max_order },
        };
        Ok(Err(self.abandon(why)))
    }

    /// The heap under way pretends to be `letter`'s element of the quotient as it stands.
    fn accept(&mut self, letter: Letter) {
        self.phi.push(letter.element);
        if let Some(a) = &mut self.alphabet {
            a.insert(letter);
        }
    }

    /// Trials from `freed` on, freeing the heaps of each failing sum, until one is proven
    /// (`Some(Ok)`), the computation must stop (`Some(Err)`), or the trials pass their bounds
    /// (`None`).
    fn search(
        &mut self,
        n: u64,
        mut freed: Vec<Freed>,
        cover: Option<&[Word]>,
    ) -> Result<Option<Result<(), QuotientStop>>, Stopped> {
        let h = n as usize;
        for _ in 0..MAX_RECALIBRATIONS {
            let t = self.trial(&freed, cover)?;
            match t {
                Trial::Fails(sum) => {
                    let mut changed = false;
                    for (heap, count) in sum {
                        match freed.iter_mut().find(|f| f.heap == heap) {
                            Some(f) if f.heap != h && count > f.index => {
                                f.index = count;
                                changed = true;
                            }
                            Some(_) => {}
                            None => {
                                // In a cover the heap's word already has the old exponents.
                                let least = if cover.is_some() { 1 } else { 2 };
                                freed.push(Freed { heap, index: count.max(least), period: 2 });
                                changed = true;
                            }
                        }
                    }
                    if !changed {
                        return Ok(None);
                    }
                }
                t => return Ok(self.settle(n, t)),
            }
        }
        Ok(None)
    }

    /// Refinement as in Siegel's MisereSolver: the first trial is Q × C(2, 2) for heap n; while
    /// the proof fails at a sum, the next trial starts from the failed one (reduced), frees the
    /// fewest heaps of that sum (one, then two, ...: each gets a cyclic part of its own, index
    /// past its element's index there and its count in the sum, and no longer pretends to be
    /// its element) that make the sum come out as its options say, and is proven in turn. Each
    /// step is a trial like the others; what it returns is proven or nothing.
    fn refine(&mut self, n: u64) -> Result<Option<Result<(), QuotientStop>>, Stopped> {
        let h = n as usize;
        let base = Arc::clone(&self.q);
        let mut base_phi = self.phi.clone();
        base_phi.push(0);
        let mut cand = match self.candidate(&base, &base_phi, &[Freed { heap: h, index: 2, period: 2 }], None)? {
            Ok(c) => c,
            Err(t) => return Ok(self.settle(n, t)),
        };
        for _ in 0..MAX_REFINEMENTS {
            let before = self.states;
            let sum = match self.prove(&cand)? {
                Trial::Fails(sum) => sum,
                t => return Ok(self.settle(n, t)),
            };
            let proof_work = self.states - before;
            let least = match self.refinement {
                Refinement::LexLeastFirst => self.least_failure(&cand, proof_work)?,
                Refinement::Descent => None,
            };
            let sum = match least {
                Some(sum) => sum,
                None => {
                    let (sum, looked) = self.deepest_failure(&cand, sum);
                    if self.spend(looked) {
                        return Ok(self.settle(n, Trial::WorkOut));
                    }
                    sum
                }
            };
            if self.states > self.max_work {
                return Ok(self.settle(n, Trial::WorkOut));
            }
            let (_, should_be_p) = cand.element_and_outcome(&sum);
            let mut next = None;
            'sizes: for k in 1..=sum.len() {
                for heaps in subsets(&sum, k) {
                    let freed: Vec<Freed> = heaps
                        .iter()
                        .map(|&(heap, count)| {
                            let index = index_of(&cand.m, cand.phi[heap]).max(count.saturating_sub(1));
                            Freed { heap, index, period: 2.max(2 * (index.saturating_sub(4) / 2)) }
                        })
                        .collect();
                    match self.candidate(&cand.m, &cand.phi, &freed, None)? {
                        Ok(c) => {
                            let (x, _) = c.element_and_outcome(&sum);
                            if c.m.is_p(x) == should_be_p {
                                next = Some(c);
                                break 'sizes;
                            }
                        }
                        Err(Trial::WorkOut) => return Ok(self.settle(n, Trial::WorkOut)),
                        Err(_) => {}
                    }
                }
            }
            match next {
                Some(c) => cand = c,
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The least sum where `cand`'s proof fails ([`lex`]), looked for with at most a few times
    /// `proof_work` (what its proof took); `None` when it takes more, or none is found.
    fn least_failure(&mut self, cand: &Candidate, proof_work: u64) -> Result<Option<Vec<(usize, u32)>>, Stopped> {
        let mut heap_letter: Vec<Option<&Letter>> = vec![None; cand.phi.len()];
        for (l, heaps) in &cand.reduced {
            for &k in heaps {
                if let Some(slot) = heap_letter.get_mut(k) {
                    *slot = Some(l);
                }
            }
        }
        let heaps: Vec<(usize, &Letter)> =
            heap_letter.iter().enumerate().filter_map(|(k, l)| l.map(|l| (k, l))).collect();
        let bound = self.states.saturating_add(LEAST_FAILURE_WORK.saturating_mul(proof_work).max(LEAST_FAILURE_FLOOR));
        let found =
            lex::lex_least_failure(&cand.m, &heaps, self.proof_words(), &mut self.states, bound.min(self.max_work))?;
        Ok(match found {
            lex::LexLeast::Fails(sum) => Some(sum),
            lex::LexLeast::Holds | lex::LexLeast::Out => None,
        })
    }

    /// A failing sum whose options all come out as their own options say, found by following
    /// failing options down from `sum` (a sum fails when its element's mark is not what its
    /// options' elements give): its options are then likely right, so the sum's outcome is the
    /// one they give, which the next trial must reproduce. Also returns the work done: the sums
    /// looked at, each for its products.
    fn deepest_failure(&self, cand: &Candidate, mut sum: Vec<(usize, u32)>) -> (Vec<(usize, u32)>, u64) {
        let looked = std::cell::Cell::new(0u64);
        let fails = |s: &[(usize, u32)]| {
            looked.set(looked.get() + 1 + (s.len() * s.len()) as u64);
            let (x, lost) = cand.element_and_outcome(s);
            cand.m.is_p(x) != lost
        };
        'down: for _ in 0..MAX_DESCENT {
            for (i, &(k, _)) in sum.iter().enumerate() {
                for o in &self.options_of(k) {
                    let mut next = sum.clone();
                    next[i].1 -= 1;
                    for &heap in o {
                        let heap = heap as usize;
                        match next.iter_mut().find(|(j, _)| *j == heap) {
                            Some((_, c)) => *c += 1,
                            None => next.push((heap, 1)),
                        }
                    }
                    // Heaps without a move are 1 and take no part (no letter, no cyclic part).
                    next.retain(|&(j, c)| c > 0 && self.moves[j] > 0);
                    if fails(&next) {
                        sum = next;
                        continue 'down;
                    }
                }
            }
            break;
        }
        (sum, looked.get())
    }

    /// What a trial's outcome other than a failing sum means for the search of heap n's
    /// quotient: proven (installed), stop the computation, or try no further (`None`).
    fn settle(&mut self, n: u64, t: Trial) -> Option<Result<(), QuotientStop>> {
        match t {
            Trial::Proven(q, phi) => {
                self.q = Arc::new(q);
                self.phi = phi;
                self.alphabet = None;
                self.closure = None;
                self.closure_partial = false;
                self.growth.push((n, self.q.size));
                Some(Ok(()))
            }
            Trial::Fails(_) | Trial::TooLarge | Trial::TooManyParts | Trial::NotMinimal => None,
            Trial::TooMuchMemory => Some(Err(self.proof_memory_stop(n))),
            Trial::WorkOut => Some(Err(self.work_stop(n))),
        }
    }

    /// The cover of Q for heap `h`: Q's generators (the heaps' elements in heap order, each one
    /// not a product of those before it) as freed heaps with cyclic parts long enough for every
    /// exponent used (index at least `least`), and each heap below `h` as its normal form over
    /// them.
    fn cover(&self, h: usize, least: u32) -> (Vec<Word>, Vec<Freed>) {
        let q = &self.q;
        let heaps = generator_heaps(q, &self.phi[..h]);
        let gens: Vec<u32> = heaps.iter().map(|&k| self.phi[k]).collect();
        let (words, new) = monoid::normal_forms(q, &gens);
        let cover: Vec<Word> = (0..h).map(|k| words[new[self.phi[k] as usize] as usize].clone()).collect();
        let freed = heaps
            .iter()
            .enumerate()
            .map(|(j, &heap)| {
                let top = cover.iter().map(|w| w[j]).max().unwrap_or(1);
                Freed { heap, index: top.saturating_sub(1).max(least), period: 2 }
            })
            .collect();
        (cover, freed)
    }

    /// Forgets heap `n`, being added when the work passed its bound.
    fn work_stop(&mut self, n: u64) -> QuotientStop {
        let spent = self.states.saturating_sub(self.heap_start);
        self.abandon(QuotientStop::Work { heap: n - 1, limit: self.max_work, spent })
    }

    /// Forgets heap `n`, whose proof's pairs passed the memory allowed.
    fn proof_memory_stop(&mut self, n: u64) -> QuotientStop {
        let limit = self.max_memory;
        self.abandon(QuotientStop::Memory { heap: n, needed: limit + 1, limit })
    }

    /// Forgets the heap being added (the quotient stands for the heaps before it).
    fn abandon(&mut self, why: QuotientStop) -> QuotientStop {
        self.unwind();
        why
    }

    /// Looks for the quotient of heaps 0..=n (n the last heap listed) in Q × C(i1, p1) × ...,
    /// each freed heap pretending to be the generator of its own cyclic part and every other
    /// heap to (its element of Q, 1, ..., 1); with a `cover` (a word over the first freed heaps
    /// for each heap), in C(i1, p1) × ... alone, every other heap pretending to be its word.
    fn trial(&mut self, freed: &[Freed], cover: Option<&[Word]>) -> Result<Trial, Stopped> {
        // Q is shared with the trial and Φ lent to it, not copied (a trial runs many times a
        // heap, and Q's table holds millions of numbers).
        let base = if cover.is_some() { Arc::new(Bipartite::trivial()) } else { Arc::clone(&self.q) };
        let phi = std::mem::take(&mut self.phi);
        let candidate = self.candidate(&base, &phi, freed, cover);
        self.phi = phi;
        match candidate? {
            Ok(c) => self.prove(&c),
            Err(t) => Ok(t),
        }
    }

    /// The trial monoid `base` × C(i1, p1) × ... reduced, as in [`Run::trial`], with every heap
    /// not freed pretending to be its element `base_phi[k]` of `base` (its word over the freed
    /// heaps in a `cover`); `Err` when it passes a bound.
    fn candidate(
        &mut self,
        base: &Bipartite,
        base_phi: &[u32],
        freed: &[Freed],
        cover: Option<&[Word]>,
    ) -> Result<Result<Candidate, Trial>, Stopped> {
        let q = base;
        let h = self.moves.len() - 1;
        // Mixed radix: element = q * radix + sum of e_j * stride_j.
        let sizes: Vec<u32> = freed.iter().map(|f| f.index + f.period).collect();
        let mut strides: Vec<u32> = vec![];
        let mut radix: u64 = 1;
        for &c in &sizes {
            strides.push(radix as u32);
            radix *= u64::from(c);
            if radix > MAX_TRIAL as u64 {
                return Ok(Err(Trial::TooManyParts));
            }
        }
        let size = q.size as u64 * radix;
        if size > MAX_TRIAL as u64 {
            return Ok(Err(Trial::TooManyParts));
        }
        // The freed parts' products, digit by digit, are read from a table when it is small.
        let part_table = radix * radix <= PART_TABLE;
        // Its tables, besides the quotient's, the letters and the proof kept beside them, must
        // fit the memory (forecast before they are made).
        let held = size * TRIAL_BYTES_PER_ELEMENT
            + 4 * (q.size as u64).pow(2)
            + if part_table { 4 * radix * radix } else { 0 }
            + self.letters_held()
            + self.closure.as_ref().map_or(0, |c| 8 * c.pairs_words() as u64);
        if held > self.max_memory {
            self.short_of(held);
            return Ok(Err(Trial::TooManyParts));
        }
        self.trials += 1;
        let (size, radix) = (size as usize, radix as u32);
        let parts = |mut a: u32, mut b: u32| {
            let mut out = 0;
            for (j, f) in freed.iter().enumerate() {
                let c = sizes[j];
                let s = a % c + b % c;
                let e = if s >= c { f.index + (s - f.index) % f.period } else { s };
                out += e * strides[j];
                a /= c;
                b /= c;
            }
            out
        };
        let table: Vec<u32> = if part_table {
            if self.spend(u64::from(radix) * u64::from(radix) * freed.len() as u64) {
                return Ok(Err(Trial::WorkOut));
            }
            (0..radix * radix).map(|i| parts(i / radix, i % radix)).collect()
        } else {
            vec![]
        };
        let prod = |x: u32, y: u32| {
            let (a, b) = (x % radix, y % radix);
            let p = if part_table { table[(a * radix + b) as usize] } else { parts(a, b) };
            q.mul(x / radix, y / radix) * radix + p
        };
        let img = |k: u64| match (freed.iter().position(|f| f.heap as u64 == k), cover) {
            (Some(j), _) => strides[j],
            (None, Some(words)) => {
                words[k as usize].iter().enumerate().fold(0, |x, (j, &e)| (0..e).fold(x, |y, _| prod(y, strides[j])))
            }
            (None, None) => base_phi[k as usize] * radix,
        };
        // The trial letters with their weights (2h - 1 for the smallest heap: every move lowers
        // the sum of 2h - 1 over the heaps, so a sum's options weigh less than it) and heaps.
        let mut letters: Vec<(Letter, u64, Vec<usize>)> = vec![];
        for k in 1..=h {
            if self.moves[k] == 0 {
                continue;
            }
            // Each option's image is a product over the freed parts, and the letter is looked
            // for among those found.
            let units = self.moves[k] * (1 + freed.len() as u64) + letters.len() as u64;
            if self.spend(units) {
                return Ok(Err(Trial::WorkOut));
            }
            let l = Letter { element: img(k as u64), options: self.images(k, &img, &prod) };
            match letters.iter_mut().find(|(m, _, _)| *m == l) {
                Some((_, _, heaps)) => heaps.push(k),
                None => letters.push((l, 2 * k as u64 - 1, vec![k])),
            }
        }
        // Mark P from the lightest sum reaching each element (Dijkstra over the weights), in
        // tables of the trial's size.
        if self.spend(size as u64) {
            return Ok(Err(Trial::WorkOut));
        }
        let per_product = 1 + freed.len() as u64;
        let mut dist = vec![u64::MAX; size];
        let mut parent: Vec<(u32, u32)> = vec![(u32::MAX, u32::MAX); size];
        let mut done = vec![false; size];
        let mut is_p = vec![false; size];
        let mut heap = BinaryHeap::new();
        dist[0] = 0;
        heap.push(std::cmp::Reverse((0u64, 0u32)));
        let mut ticker = stop::Ticker::new(1 << 10);
        while let Some(std::cmp::Reverse((d, x))) = heap.pop() {
            if done[x as usize] {
                continue;
            }
            ticker.tick()?;
            // The element, its products by each letter (each product one step per freed part)
            // and the products of its sum's letters' options (counted with the sum below).
            if self.spend(1 + per_product * letters.len() as u64) {
                return Ok(Err(Trial::WorkOut));
            }
            done[x as usize] = true;
            // The sum: its letters, by the parents.
            let mut word: Vec<u32> = vec![];
            let mut y = x;
            while y != 0 {
                let (prev, l) = parent[y as usize];
                word.push(l);
                y = prev;
            }
            let options: usize = word.iter().map(|&l| letters[l as usize].0.options.len()).sum();
            self.states = self.states.saturating_add(per_product * (word.len() * word.len() + options) as u64);
            let mut any = false;
            let mut into_p = false;
            let mut seen: Vec<u32> = vec![];
            for (pos, &l) in word.iter().enumerate() {
                if seen.contains(&l) {
                    continue;
                }
                seen.push(l);
                let rest = word
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != pos)
                    .fold(0, |acc, (_, &m)| prod(acc, letters[m as usize].0.element));
                for &o in &letters[l as usize].0.options {
                    any = true;
                    into_p |= is_p[prod(rest, o) as usize];
                }
            }
            is_p[x as usize] = any && !into_p;
            for (j, (l, w, _)) in letters.iter().enumerate() {
                let y = prod(x, l.element);
                let nd = d + w;
                if nd < dist[y as usize] {
                    dist[y as usize] = nd;
                    parent[y as usize] = (x, j as u32);
                    heap.push(std::cmp::Reverse((nd, y)));
                }
            }
        }
        let gens: Vec<u32> = letters.iter().map(|(l, _, _)| l.element).collect();
        let spare = self.max_memory.saturating_sub(held);
        let reduced = monoid::reduce(
            size,
            &prod,
            &gens,
            &is_p,
            (size, self.max_order, spare),
            (per_product, &mut self.states, self.max_work),
        );
        let (m, class) = match reduced {
            Ok(r) => r,
            Err(monoid::NotReduced::TooLarge) => return Ok(Err(Trial::TooLarge)),
            Err(monoid::NotReduced::Memory(bytes)) => {
                // The reduction's tables come on top of the trial's.
                self.short_of(held + bytes);
                return Ok(Err(Trial::TooLarge));
            }
            Err(monoid::NotReduced::WorkOut) => return Ok(Err(Trial::WorkOut)),
        };
        if self.spend(0) {
            return Ok(Err(Trial::WorkOut));
        }
        // A heap without a move is the empty game, 1, whatever its image (freed or not).
        let phi: Vec<u32> = (0..=h as u64)
            .map(|k| if k == 0 || self.moves[k as usize] == 0 { 0 } else { class[img(k) as usize] })
            .collect();
        let mut reduced: Vec<(Letter, Vec<usize>)> = vec![];
        for (l, _, heaps) in &letters {
            let mut options: Vec<u32> = l.options.iter().map(|&t| class[t as usize]).collect();
            options.sort_unstable();
            options.dedup();
            let r = Letter { element: class[l.element as usize], options };
            match reduced.iter_mut().find(|(m, _)| *m == r) {
                Some((_, hs)) => hs.extend(heaps),
                None => reduced.push((r, heaps.clone())),
            }
        }
        Ok(Ok(Candidate { m, phi, reduced }))
    }

    /// The proof of a candidate: proven, or the heaps (each letter's smallest) of a sum where it
    /// fails, with their counts.
    fn prove(&mut self, c: &Candidate) -> Result<Trial, Stopped> {
        let (m, reduced) = (&c.m, &c.reduced);
        let h = self.moves.len() - 1;
        let plain: Vec<Letter> = reduced.iter().map(|(l, _)| l.clone()).collect();
        let verdict = verify::verify(m, &plain, self.proof_words(), &mut self.states, self.max_work)?;
        // The check of minimality reads the whole table, and a row of bits per element.
        if verdict == Verdict::Holds && self.spend((m.size * m.size + m.size * m.size.div_ceil(64)) as u64) {
            return Ok(Trial::WorkOut);
        }
        Ok(match verdict {
            // The reduction makes the monoid minimal; the check makes it part of the proof.
            Verdict::Holds if verify::minimal(m, &gens_of(&plain)).is_ok() => Trial::Proven(m.clone(), c.phi.clone()),
            Verdict::Holds => Trial::NotMinimal,
            Verdict::Fails(word) => {
                // The heaps of the failing sum (the smallest heap of each letter), with counts.
                let mut sum: Vec<(usize, u32)> = vec![];
                for li in word {
                    let heap = reduced[li].1.iter().copied().min().unwrap_or(h);
                    match sum.iter_mut().find(|(k, _)| *k == heap) {
                        Some((_, c)) => *c += 1,
                        None => sum.push((heap, 1)),
                    }
                }
                Trial::Fails(sum)
            }
            Verdict::TooMany => Trial::TooMuchMemory,
            Verdict::WorkOut => Trial::WorkOut,
        })
    }

    fn finish(self, ruleset: &Ruleset, period: Option<Period>, stop: QuotientStop) -> MisereQuotient {
        let q = Arc::try_unwrap(self.q).unwrap_or_else(|shared| (*shared).clone());
        // Generators: the heaps' elements in heap order, each one not already a product of
        // those before it.
        let heaps = generator_heaps(&q, &self.phi);
        let gens: Vec<u32> = heaps.iter().map(|&h| self.phi[h]).collect();
        let generators: Vec<Generator> =
            heaps.iter().enumerate().map(|(i, &h)| Generator { name: generator_name(i), heap: h as u64 }).collect();
        let (words, new) = monoid::normal_forms(&q, &gens);
        let monoid = q.renumbered(&new);
        let gens: Vec<u32> = gens.iter().map(|&g| new[g as usize]).collect();
        let pretending = self.phi.iter().map(|&x| new[x as usize]).collect();
        MisereQuotient {
            ruleset: ruleset.clone(),
            rules: self.rules.clone(),
            monoid,
            gens,
            generators,
            words,
            pretending,
            period,
            stop,
            growth: self.growth,
            states: self.states,
            trials: self.trials,
            work_limit: self.max_work,
        }
    }
}

/// The heaps whose elements generate Q, in heap order: each heap whose element (`phi[h]`) is not
/// already a product of the elements of the heaps before it (the empty product, element 0,
/// included).
fn generator_heaps(q: &Bipartite, phi: &[u32]) -> Vec<usize> {
    let mut gens: Vec<u32> = vec![];
    let mut heaps: Vec<usize> = vec![];
    let mut closure = vec![false; q.size];
    closure[0] = true;
    for (h, &x) in phi.iter().enumerate() {
        if closure[x as usize] {
            continue;
        }
        gens.push(x);
        heaps.push(h);
        // Close under the generators so far.
        let mut stack: Vec<u32> = (0..q.size as u32).filter(|&y| closure[y as usize]).collect();
        while let Some(y) = stack.pop() {
            for &g in &gens {
                let z = q.mul(y, g);
                if !closure[z as usize] {
                    closure[z as usize] = true;
                    stack.push(z);
                }
            }
        }
    }
    heaps
}

/// The growth history of the quotient `q` of the heaps whose elements are `phi`, worked out
/// from it: the heaps where the quotient of the heaps up to them grew, each with its order then.
/// The quotient of the heaps up to h is the submonoid their elements generate, two elements
/// identified when no element of it tells them apart; it grows only at a heap whose element is
/// not yet generated ([`generator_heaps`]), and its order there is that of the reduction
/// ([`monoid::reduce`]) of the submonoid the heaps up to it generate.
pub(super) fn growth_history(q: &Bipartite, phi: &[u32]) -> Vec<(u64, usize)> {
    let heaps = generator_heaps(q, phi);
    let mut out = vec![];
    let mut last = 1;
    for i in 0..heaps.len() {
        let gens: Vec<u32> = heaps[..=i].iter().map(|&h| phi[h]).collect();
        let mut work = 0;
        let prod = |x: u32, y: u32| q.mul(x, y);
        // No bound is passed: the reduced monoids are no larger than `q`, already held.
        let bounds = (q.size, usize::MAX, u64::MAX);
        let Ok((m, _)) = monoid::reduce(q.size, &prod, &gens, &q.p, bounds, (1, &mut work, u64::MAX)) else {
            continue;
        };
        if m.size > last {
            out.push((heaps[i] as u64, m.size));
            last = m.size;
        }
    }
    out
}

/// The distinct letters of a quotient's heaps, and for each set of options' elements the
/// elements of the letters with it.
#[derive(Default)]
struct Alphabet {
    letters: BTreeSet<Letter>,
    by_options: HashMap<Vec<u32>, Vec<u32>>,
    /// The bytes both hold (each letter's options are kept twice).
    bytes: u64,
}

/// The bytes a letter holds: its options' elements and the vector's own.
fn letter_bytes(l: &Letter) -> u64 {
    4 * l.options.len() as u64 + 48
}

impl Alphabet {
    fn insert(&mut self, l: Letter) {
        if !self.letters.contains(&l) {
            self.bytes += 2 * letter_bytes(&l);
            self.by_options.entry(l.options.clone()).or_default().push(l.element);
            self.letters.insert(l);
        }
    }

    /// Whether a letter of element `x` has options' elements all among `options` (sorted).
    fn has_letter_below(&self, x: u32, options: &[u32]) -> bool {
        let from = Letter { element: x, options: vec![] };
        self.letters
            .range(from..)
            .take_while(|l| l.element == x)
            .any(|l| l.options.iter().all(|t| options.binary_search(t).is_ok()))
    }

    /// An element of a letter with these options' elements that satisfies `ok`.
    fn element_with(&self, options: &[u32], ok: &dyn Fn(u32) -> bool) -> Option<u32> {
        self.by_options.get(options)?.iter().copied().find(|&x| ok(x))
    }
}

/// A heap given a cyclic part C(index, period) of its own in a trial monoid.
#[derive(Clone)]
struct Freed {
    heap: usize,
    index: u32,
    period: u32,
}

/// A trial monoid reduced, before its proof: the monoid, each heap's element, and the
/// distinct letters with the heaps that have each.
struct Candidate {
    m: Bipartite,
    phi: Vec<u32>,
    reduced: Vec<(Letter, Vec<usize>)>,
}

impl Candidate {
    /// The element of a sum (heaps with counts), and whether the sum is lost by its options'
    /// elements (it has a move and none of its options is in P).
    fn element_and_outcome(&self, sum: &[(usize, u32)]) -> (u32, bool) {
        let m = &self.m;
        let pow = |x: u32, e: u32| (0..e).fold(0, |y, _| m.mul(y, x));
        let x = sum.iter().fold(0, |acc, &(k, c)| m.mul(acc, pow(self.phi[k], c)));
        let mut any = false;
        let mut into_p = false;
        for (i, &(k, c)) in sum.iter().enumerate() {
            let rest = sum
                .iter()
                .enumerate()
                .fold(0, |acc, (j, &(k2, c2))| m.mul(acc, pow(self.phi[k2], if i == j { c - 1 } else { c2 })));
            if let Some((l, _)) = self.reduced.iter().find(|(_, hs)| hs.contains(&k)) {
                for &t in &l.options {
                    any = true;
                    into_p |= m.is_p(m.mul(rest, t));
                }
            }
        }
        (x, any && !into_p)
    }
}

/// 0 when a heap of `n` has no move, else a bound on its options (at least 1).
fn move_bound(rules: &SplitRules, n: u64) -> u64 {
    if rules.has_option(n) {
        rules.option_count(n).max(1)
    } else {
        0
    }
}

/// The index of x: the least i with x^i = x^(i+p) for some p > 0.
fn index_of(m: &Bipartite, x: u32) -> u32 {
    let mut seen: HashMap<u32, u32> = HashMap::new();
    let (mut y, mut i) = (0u32, 0u32);
    while let std::collections::hash_map::Entry::Vacant(e) = seen.entry(y) {
        e.insert(i);
        y = m.mul(y, x);
        i += 1;
    }
    seen[&y]
}

/// The subsets of `items` with `k` elements, in order.
fn subsets(items: &[(usize, u32)], k: usize) -> Vec<Vec<(usize, u32)>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = vec![];
    for i in 0..items.len() {
        for mut rest in subsets(&items[i + 1..], k - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

enum Trial {
    Proven(Bipartite, Vec<u32>),
    /// The heaps of the sum where the proof failed, with their counts.
    Fails(Vec<(usize, u32)>),
    /// The reduced trial passed the most elements allowed.
    TooLarge,
    /// The trial monoid itself would pass [`MAX_TRIAL`] elements.
    TooManyParts,
    /// The conditions held but the monoid was not the least one (never expected: the
    /// reduction makes it so).
    NotMinimal,
    TooMuchMemory,
    /// The work bound was passed.
    WorkOut,
}

/// The elements of the letters (the heaps' elements, heaps without a move left out: they are 1).
fn gens_of(letters: &[Letter]) -> Vec<u32> {
    letters.iter().map(|l| l.element).collect()
}

fn generator_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz";
    match LETTERS.get(i) {
        Some(&c) => (c as char).to_string(),
        None => format!("g{}", i + 1),
    }
}
