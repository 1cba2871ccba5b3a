//! The one error type of the partizan values, defined with the crate's other errors in
//! [`crate::error`] (below every module, so that an analysis error can hold it).

pub use crate::error::PartizanError;
