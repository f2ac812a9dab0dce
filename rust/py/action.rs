//! An action as Python sends it (a kind's name, an amount, card values) read into the engine's
//! types: the kind parsed, each card value checked once. An unknown kind or a value that is no
//! card is refused here, with the text quoted as Python quotes it; the engine takes only typed
//! actions.

use crate::card::{card_of, Card};
use crate::engine::action::ActionKind;

/// The kind named `name`, or why there is none.
pub fn action_kind(name: &str) -> Result<ActionKind, String> {
    ActionKind::ALL
        .iter()
        .find(|&&(_, known)| known == name)
        .map(|&(kind, _)| kind)
        .ok_or_else(|| format!("unknown action {}", quoted(name)))
}

/// Card values as sent, as cards (the joker included), or why one of them is no card.
pub fn card_values(values: &[i64]) -> Result<Vec<Card>, String> {
    values
        .iter()
        .map(|&value| card_of(value).ok_or_else(|| format!("{value} is not a card")))
        .collect()
}

/// An action's kind and discards read from what Python sent, or why they cannot be.
pub fn parsed(kind: &str, cards: &[i64]) -> Result<(ActionKind, Vec<Card>), String> {
    Ok((action_kind(kind)?, card_values(cards)?))
}

/// Python's `repr` of a short text, for refusals that quote what the caller sent.
fn quoted(text: &str) -> String {
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let mut out = String::with_capacity(text.len() + 2);
    out.push(quote);
    for ch in text.chars() {
        match ch {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => {
                out.push_str(&format!("\\x{:02x}", c as u32))
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}
