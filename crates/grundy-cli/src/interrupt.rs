//! Ctrl-C for the long commands (`quotient`, `sg`, `survey`, `pattern`, `analyze`, `graph`,
//! `value`, `verify`, `batch`):
//! the first SIGINT cancels the [`StopToken`] the command runs under, so that the library's
//! loops stop at their next check and the command prints what it proved up to the stop (and
//! writes its store's state) before it exits with status 130; a second SIGINT ends the process
//! at once, for a person who will not wait even for that. Commands not listed keep the
//! system's Ctrl-C (the process ends), as `serve` and `play` want.

use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use grundy::StopToken;

/// The exit status of a run stopped by Ctrl-C: 128 + SIGINT, as a shell reports a process
/// the signal ended.
pub const EXIT_STATUS: u8 = 130;

/// How many times Ctrl-C was pressed.
static PRESSES: AtomicU32 = AtomicU32::new(0);

/// Whether the command is reading its input (`pattern`'s values from a pipe or a terminal): a
/// read that waits does not see the stop token, so Ctrl-C then ends the process at once, with
/// its line.
static READING: AtomicBool = AtomicBool::new(false);

/// The line Ctrl-C during a read prints ([`while_reading`] sets it).
static READ_STOP_LINE: Mutex<&str> = Mutex::new(NOTHING_COMPUTED);

/// What Ctrl-C while a command reads the whole of its input says: nothing was computed yet.
pub const NOTHING_COMPUTED: &str =
    "stopped at Ctrl-C while the input was read: nothing was computed; run the command again with the whole input";

/// Installs the handler and returns the token the first Ctrl-C cancels. Where no handler can
/// be installed (none is, on a platform without signals), Ctrl-C ends the process as before.
pub fn install() -> StopToken {
    let token = StopToken::new();
    let fired = token.clone();
    let _ = ctrlc::set_handler(move || {
        if READING.load(Ordering::SeqCst) {
            let line = *READ_STOP_LINE.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            eprintln!("grundy: {line}");
            std::process::exit(i32::from(EXIT_STATUS));
        }
        if PRESSES.fetch_add(1, Ordering::SeqCst) == 0 {
            fired.cancel();
        } else {
            std::process::exit(i32::from(EXIT_STATUS));
        }
    });
    token
}

/// Whether Ctrl-C was pressed since [`install`].
pub fn interrupted() -> bool {
    PRESSES.load(Ordering::SeqCst) > 0
}

/// Runs `read`, the command's reading of its input, during which Ctrl-C ends the process at
/// once with exit status 130 and `line` (a read that waits sees no stop token). Nothing may be
/// written meanwhile: the process ends without finishing a write.
pub fn while_reading<T>(line: &'static str, read: impl FnOnce() -> T) -> T {
    *READ_STOP_LINE.lock().unwrap_or_else(std::sync::PoisonError::into_inner) = line;
    READING.store(true, Ordering::SeqCst);
    let r = read();
    READING.store(false, Ordering::SeqCst);
    r
}
