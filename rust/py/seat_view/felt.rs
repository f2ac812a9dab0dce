//! A view's hand as the site's table page shows it (`HandView.felt_json`, the site's `hand_json`):
//! every field a seat's state gives of the current hand, made here from the view's rows and
//! events in one pass and written as the JSON text the site sends (as its `orjson` writes it:
//! no spaces, the members in order, text as UTF-8 with only `"`, `\` and control characters
//! escaped), so that a seat's update needs no Python object for it. Cards are their texts
//! (`"As"`, the joker `"Jk"`). The words of a shown hand are the caller's (its language's),
//! asked only at a showdown.

use std::collections::BTreeMap;
use std::fmt::Write;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{to_py, Card, Detail, Error, Event, EventKind, SeatView, Seen, Share};
use crate::card::{format_card, JOKER};
use crate::engine::action::{why_seat_may_not, ActionKind};
use crate::engine::pots::side_pots;

/// The most cards a hand may hold for [`draw_masks`] (one bit each of a `u32`, and 2^16 sets).
pub const MASKED_CARDS: usize = 16;

/// JSON text being written: values, and members of objects with their commas. Written here
/// rather than with `serde_json`, which the core does not depend on: one fixed shape, whose
/// bytes must be those of the site's `orjson` (checked byte for byte by `test_web_felt`), and
/// whose only escaping is of text (a shown hand's words).
struct Json(String);

impl Json {
    /// The name of an object's member (`first`: no comma before it).
    fn name(&mut self, name: &str, first: bool) {
        if !first {
            self.0.push(',');
        }
        self.0.push('"');
        self.0.push_str(name);
        self.0.push_str("\":");
    }

    fn number(&mut self, value: impl std::fmt::Display) {
        let _ = write!(self.0, "{value}");
    }

    fn seat(&mut self, seat: Option<usize>) {
        match seat {
            Some(seat) => self.number(seat),
            None => self.0.push_str("null"),
        }
    }

    /// `text` as a JSON string, escaped as `orjson` escapes it.
    fn text(&mut self, text: &str) {
        self.0.push('"');
        for ch in text.chars() {
            match ch {
                '"' => self.0.push_str("\\\""),
                '\\' => self.0.push_str("\\\\"),
                '\u{8}' => self.0.push_str("\\b"),
                '\t' => self.0.push_str("\\t"),
                '\n' => self.0.push_str("\\n"),
                '\u{c}' => self.0.push_str("\\f"),
                '\r' => self.0.push_str("\\r"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.0, "\\u{:04x}", c as u32);
                }
                c => self.0.push(c),
            }
        }
        self.0.push('"');
    }

    /// A list, each item written by `item`.
    fn list<T>(&mut self, items: impl IntoIterator<Item = T>, mut item: impl FnMut(&mut Json, T)) {
        self.0.push('[');
        for (index, value) in items.into_iter().enumerate() {
            if index > 0 {
                self.0.push(',');
            }
            item(self, value);
        }
        self.0.push(']');
    }

    fn numbers<T: std::fmt::Display>(&mut self, values: impl IntoIterator<Item = T>) {
        self.list(values, |json, value| json.number(value));
    }

    /// Cards as their texts; a value that is no card is refused (InvalidCardError).
    fn cards(&mut self, cards: &[Card]) -> PyResult<()> {
        if let Some(&card) = cards.iter().find(|&&card| card > JOKER) {
            let value = i64::from(card);
            return Err(to_py(Error::CardOutOfRange { value, row: None }));
        }
        self.list(cards, |json, &card| {
            json.0.push('"');
            json.0.push_str(&format_card(card));
            json.0.push('"');
        });
        Ok(())
    }
}

/// The view's hand as `hand_json` gives it, as JSON text (see `HandView.felt_json` for the fields).
pub fn felt(
    view: &SeatView,
    py: Python<'_>,
    hand: usize,
    winners: &[usize],
    words: &Bound<'_, PyAny>,
) -> PyResult<String> {
    let rows = view.rows();
    let events: &[Event] = match &view.seen {
        Seen::Hand { state, .. } => &state.events,
        Seen::Fields(fields) => &fields.events,
    };
    let mut blinds: Vec<(&Event, &str)> = Vec::new();
    let (mut shown, mut exposed, mut awarded, mut returned) = (vec![], vec![], vec![], vec![]);
    let mut redeals = 0usize;
    for event in events.iter().filter(|event| event.visible_to(view.seat)) {
        match (event.kind, event.detail) {
            (EventKind::Blind, Detail::Blind(blind)) => {
                blinds.push((event, if blind.name() == "small" { "SB" } else { "BB" }))
            }
            (EventKind::Show | EventKind::Low, _) => shown.push(event),
            (EventKind::Expose, _) => exposed.push(event),
            (EventKind::Award, _) => awarded.push(event),
            (EventKind::Return, _) => returned.push(event),
            (EventKind::Redeal, _) => redeals += 1,
            _ => {}
        }
    }
    let seats = view.seats;
    // the engine keeps a round's bets until the next round's first bet; on the felt they are
    // swept into the pot as soon as the round ends
    let bets: Vec<u64> = match view.phase == "bet" {
        true => rows.bets.to_vec(),
        false => vec![0; seats],
    };
    // the pots in the middle: this round's bets in front of the seats are not in them yet (an
    // unmatched bet is not a side pot)
    let middle: Vec<u64> = (rows.committed.iter().zip(&bets))
        .map(|(&committed, &bet)| committed.saturating_sub(bet))
        .collect();
    let pots = match middle.iter().any(|&chips| chips > 0) {
        true => side_pots(&middle, rows.live),
        false => Vec::new(),
    };
    let mut json = Json(String::with_capacity(1024));
    json.0.push('{');
    json.name("hand", true);
    json.number(hand);
    json.name("button", false);
    json.number(view.button);
    json.name("street", false);
    json.number(view.street);
    json.name("phase", false);
    json.text(&view.phase);
    json.name("actor", false);
    json.seat(view.actor);
    json.name("cards", false);
    json.cards(rows.cards)?;
    json.name("card_counts", false);
    match &view.seen {
        Seen::Hand { state, .. } => json.numbers(state.cards.iter().map(Vec::len)),
        Seen::Fields(fields) => json.numbers(&fields.card_counts),
    }
    json.name("up", false);
    json.0.push('[');
    for seat in 0..seats {
        if seat > 0 {
            json.0.push(',');
        }
        match &view.seen {
            Seen::Hand { state, .. } => json.cards(&state.up_cards(seat))?,
            Seen::Fields(fields) => json.cards(&fields.up_cards[seat])?,
        }
    }
    json.0.push(']');
    json.name("board", false);
    json.cards(rows.board)?;
    json.name("stacks", false);
    json.numbers(rows.stacks);
    json.name("bets", false);
    json.numbers(&bets);
    json.name("committed", false);
    json.numbers(rows.committed);
    json.name("pot", false);
    json.number(rows.committed.iter().sum::<u64>() + view.dead);
    json.name("pots", false);
    json.list(pots.iter().enumerate(), |json, (index, pot)| {
        json.0.push('{');
        json.name("amount", true);
        json.number(pot.amount + if index == 0 { view.dead } else { 0 });
        json.name("eligible", false);
        json.numbers(&pot.eligible);
        json.0.push('}');
    });
    json.name("live", false);
    json.list(rows.live, |json, &live| {
        json.0.push_str(if live { "true" } else { "false" })
    });
    json.name("current_bet", false);
    json.number(view.current_bet);
    json.name("drawn", false);
    json.numbers(rows.drawn);
    json.name("blinds", false);
    json.list(&blinds, |json, &(event, name)| {
        json.0.push('{');
        json.name("seat", true);
        json.seat(event.seat);
        json.name("amount", false);
        json.number(event.amount);
        json.name("name", false);
        json.text(name);
        json.0.push('}');
    });
    json.name("shown", false);
    shown_json(&mut json, view, py, &shown, words)?;
    json.name("exposed", false);
    json.0.push('[');
    for (index, event) in exposed.iter().enumerate() {
        json.0.push_str(if index > 0 { ",{" } else { "{" });
        json.name("seat", true);
        json.seat(event.seat);
        json.name("cards", false);
        json.cards(&event.cards)?;
        json.0.push('}');
    }
    json.0.push(']');
    json.name("won", false);
    won_json(&mut json, &awarded);
    json.name("returned", false);
    json.list(&returned, |json, event| {
        json.0.push('{');
        json.name("seat", true);
        json.seat(event.seat);
        json.name("amount", false);
        json.number(event.amount);
        json.0.push('}');
    });
    json.name("redeals", false);
    json.number(redeals);
    json.name("winners", false);
    json.numbers(if view.phase == "done" { winners } else { &[] });
    json.name("awards", false);
    awards_json(&mut json, &awarded);
    json.0.push('}');
    Ok(json.0)
}

/// The hands shown (`show` events), each described by `words(strength, ranking)` in the
/// ranking of the game's first showdown part; in a hi/lo game (two parts) each also has
/// `low`: its qualifying low (the seat's `low` event) described in the last part's ranking,
/// or `null`.
fn shown_json(
    json: &mut Json,
    view: &SeatView,
    py: Python<'_>,
    shown: &[&Event],
    words: &Bound<'_, PyAny>,
) -> PyResult<()> {
    json.0.push('[');
    if shown.is_empty() {
        json.0.push(']');
        return Ok(());
    }
    let rankings: Vec<Bound<'_, PyAny>> = (view.game.bind(py).getattr("showdown")?.try_iter()?)
        .map(|part| part?.getattr("ranking"))
        .collect::<PyResult<_>>()?;
    let (Some(high), Some(low)) = (rankings.first(), rankings.last()) else {
        return Err(PyValueError::new_err(
            "a game without a showdown shows no hands",
        ));
    };
    let said = |strength: u64, ranking: &Bound<'_, PyAny>| -> PyResult<String> {
        words.call1((strength, ranking))?.extract()
    };
    let mut lows = BTreeMap::new();
    for event in shown.iter().filter(|event| event.kind == EventKind::Low) {
        lows.insert(event.seat, event.amount);
    }
    let mut first = true;
    for event in shown.iter().filter(|event| event.kind == EventKind::Show) {
        let Some(seat) = event.seat else {
            continue;
        };
        json.0.push_str(if first { "{" } else { ",{" });
        first = false;
        json.name("seat", true);
        json.number(seat);
        json.name("cards", false);
        json.cards(&event.cards)?;
        json.name("text", false);
        json.text(&said(event.amount, high)?);
        if rankings.len() > 1 {
            json.name("low", false);
            match lows.get(&event.seat) {
                Some(&strength) => json.text(&said(strength, low)?),
                None => json.0.push_str("null"),
            }
        }
        json.0.push('}');
    }
    json.0.push(']');
    Ok(())
}

/// The chips each winner took in all (its `award` events), by seat.
fn won_json(json: &mut Json, awarded: &[&Event]) {
    let mut won: BTreeMap<usize, u64> = BTreeMap::new();
    for event in awarded {
        if let Some(seat) = event.seat {
            *won.entry(seat).or_default() += event.amount;
        }
    }
    json.list(won, |json, (seat, chips)| {
        json.0.push('{');
        json.name("seat", true);
        json.number(seat);
        json.name("amount", false);
        json.number(chips);
        json.0.push('}');
    });
}

/// A showdown's result per pot: each pot's chips, the seats that won it whole or its high
/// half (`high`), its low half (`low`), and each winner's share (`shares`), from the awards a
/// hand won (no award of a pot nobody contested).
fn awards_json(json: &mut Json, awarded: &[&Event]) {
    type Pot = (u64, Vec<usize>, Vec<usize>, Vec<(usize, Share, u64)>);
    let mut pots: BTreeMap<usize, Pot> = BTreeMap::new();
    for event in awarded {
        let (Detail::Award(award), Some(seat)) = (event.detail, event.seat) else {
            continue;
        };
        if award.strength.is_none() {
            continue;
        }
        let pot = pots.entry(award.pot).or_default();
        pot.0 += event.amount;
        match award.share {
            Share::Low => pot.2.push(seat),
            _ => pot.1.push(seat),
        }
        pot.3.push((seat, award.share, event.amount));
    }
    json.list(
        pots.into_values(),
        |json, (amount, mut high, mut low, shares)| {
            high.sort_unstable();
            low.sort_unstable();
            json.0.push('{');
            json.name("amount", true);
            json.number(amount);
            json.name("high", false);
            json.numbers(high);
            json.name("low", false);
            json.numbers(low);
            json.name("shares", false);
            json.list(shares, |json, (seat, share, chips)| {
                json.0.push('{');
                json.name("seat", true);
                json.number(seat);
                json.name("share", false);
                json.text(share.name());
                json.name("amount", false);
                json.number(chips);
                json.0.push('}');
            });
            json.0.push('}');
        },
    );
}

/// Every set of the seat's cards it may discard now, as masks (bit `i` for its card `i`), in
/// ascending order; empty off its draw.
pub fn draw_masks(view: &SeatView) -> PyResult<Vec<u32>> {
    let Some((kinds, bounds)) = view.turn() else {
        return Ok(Vec::new());
    };
    if !kinds.contains(&ActionKind::Draw) {
        return Ok(Vec::new());
    }
    let cards = view.rows().cards;
    if cards.len() > MASKED_CARDS {
        let why = format!(
            "a hand of {} cards has too many discard sets to list (at most {MASKED_CARDS} cards)",
            cards.len()
        );
        return Err(to_py(Error::InvalidArgument(why)));
    }
    let mut discards = Vec::with_capacity(cards.len());
    let legal = (0..1u32 << cards.len()).filter(|&mask| {
        discards.clear();
        let chosen = (cards.iter().enumerate()).filter(|&(i, _)| mask & 1 << i != 0);
        discards.extend(chosen.map(|(_, &card)| card));
        why_seat_may_not(kinds, bounds, cards, ActionKind::Draw, 0, &discards).is_none()
    });
    Ok(legal.collect())
}
