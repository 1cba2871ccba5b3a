//! The one error type of the partizan values: every refusal is a typed variant with a one-line
//! message naming the bad part or what it would take.

/// Why a partizan computation gave no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PartizanError {
    /// A game's text could not be read; the message names the bad part.
    #[error("{0}")]
    Parse(String),
    /// An exact number does not fit: a numerator past 2^63 - 1, a denominator past 2^62, a
    /// multiple of ↑ or a nimber past 2^63 - 1. The message names it.
    #[error("too large to hold exactly: {0}")]
    Overflow(String),
    /// The work limit of one operation was reached (options visited and games created).
    #[error(
        "{operation} needs more than {limit} steps of work (options visited and games created); \
         raise the limit with GameStore::set_work_limit"
    )]
    TooMuchWork {
        /// What was being computed.
        operation: &'static str,
        /// The limit that was reached.
        limit: u64,
    },
    /// The games are nested deeper than the recursion may go (their birthdays are too large).
    #[error("{operation} nests games deeper than {limit} levels (their birthdays are too large to follow)")]
    TooDeep {
        /// What was being computed.
        operation: &'static str,
        /// The depth reached.
        limit: u32,
    },
    /// A value made by another `GameStore` was given to this one.
    #[error("this game value was made by another GameStore (a value belongs to the store that made it)")]
    ForeignValue,
    /// Listing every game born by a day past the last that can be listed.
    #[error("the games born by day {day} are too many to list (day {max} is the last listed; they number 1474)")]
    TooManyGames {
        /// The day asked for.
        day: u32,
        /// The last day listed.
        max: u32,
    },
}
