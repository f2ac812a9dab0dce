//! The one error type of the core. The bindings map each variant to a Python exception.

use std::fmt;

/// Everything that can be wrong with input to the core.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// A card token that is not a card, e.g. `"Zz"`.
    InvalidCard { token: String },
    /// A card integer outside 0..=51 (or 0..=52 where the joker is allowed).
    CardOutOfRange { value: i64, row: Option<usize> },
    /// The same card twice in one hand.
    DuplicateCard { card: u8, row: Option<usize> },
    /// A hand with the wrong number of cards for the call.
    HandSize { got: usize, allowed: &'static str },
    /// Any other argument that does not fit the call.
    InvalidArgument(String),
    /// An action the rules do not allow at this point of a hand (the hand is unchanged).
    IllegalAction(String),
    /// Long work that stopped early because its caller asked it to (see [`crate::stop`]).
    Stopped,
}

fn row_suffix(row: &Option<usize>) -> String {
    match row {
        Some(r) => format!(" in row {r}"),
        None => String::new(),
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::InvalidCard { token } => write!(f, "invalid card {token:?}"),
            Error::CardOutOfRange { value, row } => {
                write!(f, "card value {value} is out of range{}", row_suffix(row))
            }
            Error::DuplicateCard { card, row } => write!(
                f,
                "duplicate card {}{}",
                crate::card::format_card(*card),
                row_suffix(row)
            ),
            Error::HandSize { got, allowed } => {
                write!(
                    f,
                    "a hand of {got} cards is not allowed here (expected {allowed})"
                )
            }
            Error::InvalidArgument(message) | Error::IllegalAction(message) => f.write_str(message),
            Error::Stopped => f.write_str("the computation was stopped"),
        }
    }
}

impl std::error::Error for Error {}

/// Result alias used across the core.
pub type Result<T> = std::result::Result<T, Error>;
