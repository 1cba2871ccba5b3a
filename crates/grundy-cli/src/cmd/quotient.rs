//! `grundy quotient GAME [--upto N] [--budget N] [--work N] [--time S] [--memory B] [--store DIR]
//! [--json]`: the misère quotient of a take-and-break game (Plambeck and Siegel), proven heap by
//! heap, and for every heap size when the periodicity theorem applies. It grows while the limits
//! given allow (none but the memory's by default: Ctrl-C stops it), and with `--store` each
//! heap's state is kept, so that a run stopped by a limit, Ctrl-C or a kill resumes.

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use grundy::frontend::{
    parse_u64, QuotientHeap, QuotientState, QuotientStop, TooShort, UnfinishedHeap, MAX_QUOTIENT_ORDER,
};
use grundy::{Game, MisereQuotient, QuotientBuilder, QuotientError, Ruleset};

use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy quotient`.
#[derive(clap::Args)]
pub struct Args {
    /// A take-and-break game: kayles, dawsons-kayles, octal:CODE, hex:CODE, ...
    #[arg(value_name = "GAME")]
    game: String,
    /// Compute the quotient of the heaps up to N (at most 100000, the default: it stops
    /// sooner when a period is proven).
    #[arg(long, value_name = "N")]
    upto: Option<String>,
    /// The most elements the quotient and its trial monoids may have (default: no bound but
    /// the memory's; at most 32768).
    #[arg(long, value_name = "N")]
    budget: Option<String>,
    /// The most units of work (products and sets of elements the proofs and trials read; a
    /// few nanoseconds each) before the computation stops, keeping the heaps proven so far
    /// (default: no bound).
    #[arg(long, value_name = "N")]
    work: Option<String>,
    /// Stop after SECONDS of wall time, keeping the heaps proven so far (default: no limit;
    /// Ctrl-C stops it too).
    #[arg(long, value_name = "SECONDS")]
    time: Option<String>,
    /// The most bytes the computation may hold: the quotient's table, the trial monoids and
    /// the proof (default 536870912, 512 MiB; at least 1048576).
    #[arg(long, value_name = "BYTES")]
    memory: Option<String>,
    /// Which failing sum a refinement puts right when a heap adds a generator: `least` (the
    /// default: the least sum in the order of words over the heaps, as MisereSolver; the sum
    /// the proof found, followed down, where the least takes too long to find) or `descent`
    /// (always the sum the proof found, followed down its failing options).
    #[arg(long, value_name = "least|descent")]
    refinement: Option<String>,
    /// Keep the computation's state in DIR after each heap (at most once a second), and
    /// resume from it: a run stopped by a limit, Ctrl-C or a kill goes on where it was.
    #[arg(long, value_name = "DIR")]
    store: Option<PathBuf>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// The most values of the pretending function printed in the text (the JSON has them all).
const SHOWN: usize = 120;

/// Runs `grundy quotient`.
pub fn run(args: Args) -> Result<(), CliError> {
    let ruleset: Ruleset = match args.game.parse::<Game>().map_err(|e| CliError::usage(e).argument("GAME"))? {
        Game::Heaps(r) if r.split_rules().is_some() => r,
        g => {
            return Err(CliError::usage(format!(
                "quotient needs a take-and-break game (kayles, dawsons-kayles, octal:CODE, hex:CODE, ...), and '{g}' is not one"
            ))
            .argument("GAME"))
        }
    };
    // Ctrl-C keeps the heaps proven so far: they are printed, and kept with --store.
    let mut builder = QuotientBuilder::new(&ruleset).keep_on_cancel(true);
    if let Some(u) = &args.upto {
        let n = parse_u64(u, "--upto").map_err(|e| CliError::usage(e).argument("--upto"))?;
        if n > grundy::frontend::MAX_QUOTIENT_UPTO {
            return Err(CliError::usage(format!(
                "--upto {n} is past {}, the most heaps a quotient is computed for here",
                grundy::frontend::MAX_QUOTIENT_UPTO
            ))
            .argument("--upto"));
        }
        builder = builder.upto(n);
    }
    if let Some(b) = &args.budget {
        let n = parse_u64(b, "--budget").map_err(|e| CliError::usage(e).argument("--budget"))?;
        if !(2..=MAX_QUOTIENT_ORDER as u64).contains(&n) {
            return Err(CliError::usage(format!(
                "--budget {n} is not between 2 and {MAX_QUOTIENT_ORDER} (the most elements a quotient may have)"
            ))
            .argument("--budget"));
        }
        builder = builder.max_order(n as usize);
    }
    if let Some(w) = &args.work {
        let n = parse_u64(w, "--work").map_err(|e| CliError::usage(e).argument("--work"))?;
        if n == 0 {
            return Err(CliError::usage("--work 0 allows no work: give a positive number of units").argument("--work"));
        }
        builder = builder.max_work(n);
    }
    if let Some(t) = &args.time {
        let limit = crate::cmd::parse_seconds(t, "--time", MAX_TIME, "a quotient runs for")
            .map_err(|e| CliError::usage(e).argument("--time"))?;
        builder = builder.time_limit(limit);
    }
    let mut memory = grundy::frontend::DEFAULT_QUOTIENT_MEMORY;
    if let Some(m) = &args.memory {
        let n = crate::cmd::parse_memory(m)?;
        builder = builder.max_memory(n);
        memory = n;
    }
    if let Some(r) = &args.refinement {
        builder = builder.refinement(match r.as_str() {
            "least" => grundy::frontend::Refinement::LexLeastFirst,
            "descent" => grundy::frontend::Refinement::Descent,
            _ => {
                return Err(CliError::usage(format!("--refinement '{r}' is not one of least, descent"))
                    .argument("--refinement"))
            }
        });
    }
    let mut resumed_from = None;
    let saved = match &args.store {
        Some(dir) => {
            let store = QuotientStore::open(dir, &ruleset)?;
            if let Some((state, proof)) = store.load(memory)? {
                resumed_from = Some(state.heap());
                let resuming = format!(
                    "resuming from {}: heaps up to {} computed, {} elements, {}",
                    dir.display(),
                    state.heap(),
                    state.order(),
                    match proof {
                        _ if state.has_proof() => "going on from the proof kept".to_string(),
                        Some(why) => format!("the quotient proven again first ({why})"),
                        None => "the quotient proven again first (no proof kept for this heap)".to_string(),
                    }
                );
                builder = builder.resume(state);
                // A heap stopped part way is begun again, not kept: a run given no more time
                // or work than earlier runs spent on it without finishing is refused before
                // the work (issue 80: five runs of --time 3 stayed at heap 3,057).
                let again =
                    "a run was stopped inside it after that long, and a heap stopped part way is begun again, not kept";
                // The flag too short, what was given, and what the next heap needs in its unit.
                let short = match builder.cannot_go_on() {
                    Some(TooShort::Time { heap, cpu_ms }) => {
                        let cpu = seconds(cpu_ms);
                        Some(("--time", &args.time, heap, format!("{cpu} s of CPU"), "longer", cpu))
                    }
                    Some(TooShort::Work { heap, needs }) => {
                        let needs_text = format!("{needs} units of work in all, with those the store holds");
                        Some(("--work", &args.work, heap, needs_text, "larger", needs.to_string()))
                    }
                    None => None,
                };
                if let Some((flag, given, heap, needs, more, least)) = short {
                    return Err(CliError::of_kind(
                        ErrorKind::Refused,
                        format!(
                            "{flag} {} cannot go on from heap {}: heap {heap} needs more than {needs} ({again}); give a {flag} {more} than {least}, or none",
                            given.as_deref().unwrap_or_default(),
                            heap - 1
                        ),
                    )
                    .argument(flag));
                }
                eprintln!("{resuming}");
            }
            let store = Arc::new(store);
            let writer = Arc::clone(&store);
            builder = builder.checkpoint(Arc::new(move |state: &QuotientState| writer.save(state)));
            Some(store)
        }
        None => None,
    };
    // A bar on a terminal: the heap reached, the order and the trials so far (a large quotient
    // takes minutes; pipes see nothing).
    let upto = args
        .upto
        .as_deref()
        .and_then(|u| parse_u64(u, "--upto").ok())
        .unwrap_or(grundy::frontend::DEFAULT_QUOTIENT_UPTO);
    let bar = crate::progress::Progress::heaps_on_terminal(upto).map(|b| Arc::new(Mutex::new(b)));
    if let Some(bar) = &bar {
        let bar = Arc::clone(bar);
        builder = builder.progress(Arc::new(move |at: &QuotientHeap| {
            if let Ok(mut b) = bar.lock() {
                b.set_position(at.heap);
                b.set_message(format!("{} elements, {} trials", at.order, at.trials));
            }
        }));
    }
    let built = builder.build();
    drop(builder);
    if let Some(Ok(Ok(b))) = bar.map(|bar| Arc::try_unwrap(bar).map(|m| m.into_inner())) {
        b.finish_and_clear();
    }
    if let Some(store) = &saved {
        store.error().map_err(|e| CliError::of_kind(ErrorKind::Io, e).argument("--store"))?;
    }
    let q = built.map_err(|e| match e {
        QuotientError::NotTakeAndBreak(_) => CliError::usage(e).argument("GAME"),
        // A limit can only stop the proof of a saved quotient with an error (past it, each
        // heap's stop keeps the heaps before it).
        QuotientError::Stopped(s) => match resumed_from {
            Some(heap) => CliError::of_kind(
                ErrorKind::Refused,
                format!(
                    "{s} while the saved quotient of the heaps up to {heap} was proven again, as a resumed run does before it goes on: give a longer --time, or none"
                ),
            )
            .argument("--time"),
            None => CliError::of_kind(ErrorKind::Refused, s),
        },
        // A saved state that does not hold up once proven again (its growth history edited,
        // say) names the file to remove, as a state refused on reading does.
        e @ QuotientError::BadState(_) => match &saved {
            Some(store) => CliError::of_kind(
                ErrorKind::Io,
                format!("store {}: {e}; remove it to start again", store.dir.join(store.state_name()).display()),
            ),
            None => CliError::of_kind(ErrorKind::Io, e),
        }
        .argument("--store"),
    })?;
    if args.json {
        let json = serde_json::to_string(&q.report()).map_err(|e| CliError::of_kind(ErrorKind::Io, e))?;
        emit(&format!("{json}\n"));
    } else {
        emit(&text(&q));
    }
    // A run that went on from its store and was stopped inside the first heap it began added
    // nothing, and one given no more would do the same: said, with what that heap took.
    let stopped_in = match q.stop() {
        QuotientStop::Time { heap, .. } | QuotientStop::Work { heap, .. } | QuotientStop::Cancelled { heap, .. } => {
            Some(*heap)
        }
        _ => None,
    };
    if let (Some(heap), Some(store)) = (stopped_in.filter(|&h| Some(h) == resumed_from), &saved) {
        if let Some(u) = store.unfinished().filter(|u| u.heap == heap + 1) {
            eprintln!(
                "no heap was added: this run went on from heap {heap} and was stopped inside heap {}, which needs more than {} s of CPU ({} units of work); a heap stopped part way is begun again by the next run, not kept, so a run given no more stops there again: give a longer --time, a larger --work, or none",
                u.heap,
                seconds(u.cpu_ms),
                u.work
            );
        }
    }
    if let QuotientStop::Cancelled { heap, .. } = q.stop() {
        return Err(CliError::interrupted(match &args.store {
            Some(dir) => format!(
                "stopped at Ctrl-C after heap {heap}: its state is kept in {}, and the same command resumes from it",
                dir.display()
            ),
            None => format!(
                "stopped at Ctrl-C after heap {heap}: add --store DIR to keep the state, so that a later run resumes"
            ),
        }));
    }
    Ok(())
}

/// Milliseconds as seconds, written as `--time` reads them (`2.731`).
fn seconds(ms: u64) -> String {
    format!("{}.{:03}", ms / 1000, ms % 1000)
}

fn names(q: &MisereQuotient, xs: &[u32]) -> Vec<String> {
    xs.iter().map(|&x| q.name(x)).collect()
}

/// The quotient in words, for a person (`--json` prints [`MisereQuotient::report`]).
fn text(q: &MisereQuotient) -> String {
    let mut out = format!(
        "{}: the misère quotient (Plambeck and Siegel) of the heaps up to {}\n",
        q.ruleset(),
        q.computed_upto()
    );
    let p = q.p_portion();
    out += &format!("order: {} elements\n", q.order());
    let listed = if p.is_empty() { "none".to_string() } else { names(q, &p).join(", ") };
    out += &format!("P-portion: {listed} ({} elements)\n", p.len());
    let gens: Vec<String> = q.generators().iter().map(|g| format!("{} (heap {})", g.name, g.heap)).collect();
    out += &format!("generators: {}\n", if gens.is_empty() { "none".to_string() } else { gens.join(", ") });
    let rels: Vec<String> = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}")).collect();
    out += &format!("relations: {}\n", if rels.is_empty() { "none".to_string() } else { rels.join(", ") });
    if q.order() == 1 {
        out += &format!(
            "the trivial quotient {{1}}: no heap up to {} has a move, so every sum is the empty game, which the player to move wins under misère play (P is empty)\n",
            q.computed_upto()
        );
    }
    out += &format!(
        "tame: {}\n",
        match (q.tame(), q.order()) {
            (true, 1) => "yes (the quotient is that of misère Nim on heaps of 0 alone)",
            (true, _) => "yes (the quotient is that of misère Nim: Conway's genus theory plays it)",
            (false, _) => "no (wild: the quotient is not that of misère Nim)",
        }
    );
    match q.period() {
        Some(per) => out += &format!(
            "proven for every heap size: the pretending function repeats with period {} from heap {} (checked over the heaps up to {}, as the periodicity theorem for misère quotients asks), so the quotient is finite and is the whole game's\n",
            per.period, per.preperiod, q.computed_upto()
        ),
        None => {
            out += &format!(
                "not proven for every heap size: it holds for every sum of heaps up to {}; the computation stopped because {}\n",
                q.computed_upto(),
                q.stop()
            );
            // Where the bound stopped it, which option sets the bound (no command is advised:
            // whether larger trials are proven is not known before the work).
            match q.stop() {
                QuotientStop::NotFound { limit, .. } if *limit < MAX_QUOTIENT_ORDER => {
                    out += &format!(
                        "the elements allowed are set by --budget N (here {limit}; at most {MAX_QUOTIENT_ORDER})\n"
                    );
                }
                QuotientStop::Work { limit, .. } => {
                    out += &format!(
                        "the work allowed is set by --work N (here {limit} units): a larger N, or none, goes on to later heaps\n"
                    );
                }
                QuotientStop::Time { .. } => {
                    out += "the time allowed is set by --time SECONDS: a longer one, or none, goes on to later heaps (with --store DIR a later run resumes here)\n";
                }
                QuotientStop::Cancelled { .. } => {
                    out += "stopped at Ctrl-C: the quotient above holds for the heaps proven before it (with --store DIR a later run resumes here)\n";
                }
                QuotientStop::Memory { needed, .. } => {
                    out += &format!(
                        "the memory allowed is set by --memory BYTES: --memory {} would let this step fit\n",
                        needed.next_multiple_of(1 << 20)
                    );
                }
                _ => {}
            }
        }
    }
    let shown: Vec<String> =
        q.pretending().iter().take(SHOWN).enumerate().map(|(n, &x)| format!("{n}:{}", q.name(x))).collect();
    out += &format!(
        "pretending function (heap: element){}:\n  {}\n",
        if q.pretending().len() > SHOWN { format!(", the first {SHOWN} (--json lists all)") } else { String::new() },
        shown.join(" ")
    );
    let allowed = match q.work_limit() {
        u64::MAX => "no bound given".to_string(),
        n => format!("of the {n} allowed"),
    };
    out += &format!("work: {} units, {allowed} (--work N); trial monoids tried: {}\n", q.proof_states(), q.trials());
    out += "A sum of heaps is lost for the player to move exactly when the product of its heaps' elements lies in the P-portion.\n";
    out
}

/// The most bytes of a state's text: its pretending function, at most one element (5 digits) a
/// heap up to the most heaps, its growth and its counts.
const MAX_STATE_TEXT: u64 = 16 << 20;

/// The longest `--time` taken: a week.
const MAX_TIME: std::time::Duration = std::time::Duration::from_secs(7 * 24 * 3600);

/// Where `--store DIR` keeps one game's state: `quotient-GAME.state` (the text, rewritten after
/// heaps), `quotient-GAME.table-H` (the table of the quotient as it grew at heap H, written
/// once; the one before is removed only after the state naming the new one is written, so a
/// kill at any moment leaves a state and the table it names) and `quotient-GAME.proof` (the
/// proof the run goes on from, for the heap and order it names: a resumed run starts from it,
/// and proves the quotient again where it is missing or for another heap).
struct QuotientStore {
    dir: PathBuf,
    stem: String,
    /// The open lock file `quotient-GAME.lock`: one writer of a game's state at a time.
    _lock: std::fs::File,
    written_table: Mutex<Option<u64>>,
    error: Mutex<Option<String>>,
    /// What the last state saved says of a heap stopped part way.
    unfinished: Mutex<Option<UnfinishedHeap>>,
}

impl QuotientStore {
    /// The store for `ruleset` in `dir`, created when missing (a file there is refused).
    fn open(dir: &Path, ruleset: &Ruleset) -> Result<QuotientStore, CliError> {
        let err = |m: String| CliError::of_kind(ErrorKind::Io, m).argument("--store");
        match std::fs::metadata(dir) {
            Ok(m) if !m.is_dir() => {
                return Err(err(format!(
                    "store {} is not a directory: give a new or existing directory",
                    dir.display()
                )))
            }
            Ok(_) => {}
            Err(_) => std::fs::create_dir_all(dir)
                .map_err(|e| err(format!("store {}: cannot create it: {e}", dir.display())))?,
        }
        let stem: String = format!("quotient-{ruleset}")
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '-' })
            .collect();
        // A second run of the same game would write its older state over the first's.
        let lock = crate::store::lock_exclusive(dir, &format!("{stem}.lock")).map_err(err)?;
        Ok(QuotientStore {
            dir: dir.to_path_buf(),
            stem,
            _lock: lock,
            written_table: Mutex::new(None),
            error: Mutex::new(None),
            unfinished: Mutex::new(None),
        })
    }

    fn state_name(&self) -> String {
        format!("{}.state", self.stem)
    }

    fn proof_name(&self) -> String {
        format!("{}.proof", self.stem)
    }

    fn table_name(&self, heap: u64) -> String {
        format!("{}.table-{heap}", self.stem)
    }

    /// The state kept, if any, read back and checked for shape (the builder proves it again),
    /// with why the proof beside it was not read, when it was not for a reason to tell.
    /// `memory` is the `--memory` of the run: the proof is held with the table within it.
    fn load(&self, memory: u64) -> Result<Option<(QuotientState, Option<String>)>, CliError> {
        let err = |m: String| CliError::of_kind(ErrorKind::Io, m).argument("--store");
        let path = self.dir.join(self.state_name());
        let damaged = |why: &str| err(format!("store {} is damaged: {why}; remove it to start again", path.display()));
        match std::fs::metadata(&path) {
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(err(format!("store {}: cannot read it: {e}", path.display()))),
            Ok(m) if !m.is_file() => return Err(damaged("it is not a file")),
            Ok(_) => {}
        }
        // Every file is read within a bound: the text's from the most heaps a quotient has,
        // the table's from the order the text gives (a link to an endless file is damage).
        let text = crate::store::read_at_most(&path, MAX_STATE_TEXT).map_err(err)?;
        if text.len() as u64 > MAX_STATE_TEXT {
            return Err(damaged(&format!("it is longer than the {MAX_STATE_TEXT} bytes a state takes")));
        }
        let text = String::from_utf8(text).map_err(|_| damaged("it is not text"))?;
        let grown_at = text
            .lines()
            .find_map(|l| l.strip_prefix("grown_at "))
            .and_then(|h| h.parse::<u64>().ok())
            .ok_or_else(|| damaged("it names no table"))?;
        let order = text
            .lines()
            .find_map(|l| l.strip_prefix("order "))
            .and_then(|h| h.parse::<u64>().ok())
            .filter(|&n| n <= MAX_QUOTIENT_ORDER as u64)
            .ok_or_else(|| damaged(&format!("its order is not a number up to {MAX_QUOTIENT_ORDER}")))?;
        let table_path = self.dir.join(self.table_name(grown_at));
        let table_len = QuotientState::table_len(order);
        let table_damaged = |why: String| {
            err(format!("store {} is damaged: {why}; remove {} to start again", table_path.display(), path.display()))
        };
        match std::fs::metadata(&table_path) {
            Ok(m) if !m.is_file() => return Err(table_damaged("it is not a file".to_string())),
            Ok(m) if m.len() != table_len => {
                return Err(table_damaged(format!(
                    "it holds {} bytes where a table of {order} elements takes {table_len}",
                    m.len()
                )))
            }
            _ => {}
        }
        let table = crate::store::read_at_most(&table_path, table_len)
            .map_err(|e| err(format!("{e}; remove {} to start again", path.display())))?;
        let state = QuotientState::read(&text, &table)
            .map_err(|e| err(format!("store {}: {e}; remove it to start again", path.display())))?;
        // The proof beside it, when it is a file that fits the memory beside the table and is
        // for this state (its heading's heap and order, read first; then its checksum): the run
        // goes on from it; otherwise the quotient is proven again. A proof larger than the memory
        // allows, or for another heap, is never read whole (issue 80: a 1 GiB file was read
        // before its checksum, 1,031 MB against 512 MiB).
        let proof_path = self.dir.join(self.proof_name());
        let room = memory.saturating_sub(table_len);
        let (state, why) = match std::fs::metadata(&proof_path) {
            Ok(m) if m.is_file() && m.len() > room => {
                let why = format!(
                    "its proof, {} bytes, is more than the {room} bytes --memory {memory} leaves beside the table: not read",
                    m.len()
                );
                (state, Some(why))
            }
            Ok(m) if m.is_file() => {
                let mut head = [0u8; QuotientState::PROOF_HEADER_BYTES];
                let fits = std::fs::File::open(&proof_path)
                    .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut head))
                    .is_ok_and(|()| state.proof_header_fits(&head));
                match fits.then(|| crate::store::read_at_most(&proof_path, room)) {
                    Some(Ok(bytes)) => (state.with_proof(&bytes), None),
                    Some(Err(_)) => (state, None),
                    None => (state, Some("its proof is for another heap or damaged: not read".to_string())),
                }
            }
            _ => (state, None),
        };
        *self.written_table.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = Some(grown_at);
        Ok(Some((state, why)))
    }

    /// Writes `state`: its table first when it is new, then the text, then the old table goes.
    fn save(&self, state: &QuotientState) {
        let mut written = self.written_table.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *self.unfinished.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = state.unfinished();
        let grown_at = state.grown_at();
        let result = (|| {
            if *written != Some(grown_at) {
                crate::store::write_atomic(&self.dir, &self.table_name(grown_at), &state.table_bytes())?;
            }
            // The proof before the text: a proof for a later heap than the text is not used.
            match state.proof_bytes() {
                Some(proof) => crate::store::write_atomic(&self.dir, &self.proof_name(), &proof)?,
                None => {
                    let _ = std::fs::remove_file(self.dir.join(self.proof_name()));
                }
            }
            crate::store::write_atomic(&self.dir, &self.state_name(), state.text().as_bytes())?;
            if let Some(old) = written.filter(|&h| h != grown_at) {
                let _ = std::fs::remove_file(self.dir.join(self.table_name(old)));
            }
            *written = Some(grown_at);
            Ok::<(), String>(())
        })();
        if let Err(e) = result {
            self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).get_or_insert(e);
        }
    }

    /// What the last state saved says of a heap stopped part way, if anything.
    fn unfinished(&self) -> Option<UnfinishedHeap> {
        *self.unfinished.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The first error a save met, if any.
    fn error(&self) -> Result<(), String> {
        match self.error.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }
}
