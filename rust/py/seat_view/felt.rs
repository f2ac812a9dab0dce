//! A view's hand as the site's table page shows it (`HandView.felt`, the site's `hand_json`):
//! every field a seat's state gives of the current hand, made here from the view's rows and
//! events in one pass, as Python values ready for JSON. Cards are their texts (`"As"`, the
//! joker `"Jk"`), each text one Python string made once. The words of a shown hand are the
//! caller's (its language's), asked only at a showdown.

use std::collections::BTreeMap;

use pyo3::exceptions::PyValueError;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString};
use pyo3::BoundObject;

use super::{to_py, Card, Detail, Error, Event, EventKind, SeatView, Seen, Share};
use crate::card::{format_card, JOKER};
use crate::engine::action::{why_seat_may_not, ActionKind};
use crate::engine::pots::side_pots;

/// Each card's text (`"2c"` to `"As"`, then `"Jk"`), by card: made once, shared by every view.
static CARD_TEXTS: PyOnceLock<Vec<Py<PyString>>> = PyOnceLock::new();

/// The most cards a hand may hold for [`draw_masks`] (one bit each of a `u32`, and 2^16 sets).
pub const MASKED_CARDS: usize = 16;

/// `cards` as a list of their texts; a value that is no card is refused (InvalidCardError).
fn card_list<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyList>> {
    let texts = CARD_TEXTS.get_or_init(py, || {
        (0..=JOKER)
            .map(|card| PyString::new(py, &format_card(card)).unbind())
            .collect()
    });
    let mut list = Vec::with_capacity(cards.len());
    for &card in cards {
        let Some(text) = texts.get(usize::from(card)) else {
            let value = i64::from(card);
            return Err(to_py(Error::CardOutOfRange { value, row: None }));
        };
        list.push(text.bind(py));
    }
    PyList::new(py, list)
}

/// A dictionary of `(name, value)` pairs, in order.
fn object<'py, const N: usize>(
    py: Python<'py>,
    items: [(&Bound<'py, PyString>, Bound<'py, PyAny>); N],
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in items {
        dict.set_item(key, value)?;
    }
    Ok(dict)
}

/// `value` as a Python object.
fn any<'py, T: IntoPyObject<'py>>(py: Python<'py>, value: T) -> PyResult<Bound<'py, PyAny>> {
    let value = value.into_pyobject(py).map_err(Into::into)?;
    Ok(value.into_any().into_bound())
}

/// The view's hand as `hand_json` gives it (see `HandView.felt` for the fields).
pub fn felt<'py>(
    view: &SeatView,
    py: Python<'py>,
    hand: usize,
    winners: &[usize],
    words: &Bound<'py, PyAny>,
    public: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let rows = view.rows();
    let events: &[Event] = match &view.seen {
        Seen::Hand { state, .. } => &state.events,
        Seen::Fields(fields) => &fields.events,
    };
    let (seat_key, amount_key) = (intern!(py, "seat"), intern!(py, "amount"));
    let (blinds, exposed, returned) = (PyList::empty(py), PyList::empty(py), PyList::empty(py));
    let mut shown: Vec<&Event> = Vec::new();
    let mut awarded: Vec<&Event> = Vec::new();
    let mut redeals = 0usize;
    let seen = |event: &&Event| match public {
        true => event.to.is_none(),
        false => event.visible_to(view.seat),
    };
    for event in events.iter().filter(seen) {
        match event.kind {
            EventKind::Blind => {
                let Detail::Blind(blind) = event.detail else {
                    continue;
                };
                let name = match blind.name() {
                    "small" => intern!(py, "SB"),
                    _ => intern!(py, "BB"),
                };
                blinds.append(object(
                    py,
                    [
                        (seat_key, any(py, event.seat)?),
                        (amount_key, any(py, event.amount)?),
                        (intern!(py, "name"), name.clone().into_any()),
                    ],
                )?)?;
            }
            EventKind::Show | EventKind::Low => shown.push(event),
            EventKind::Expose => exposed.append(object(
                py,
                [
                    (seat_key, any(py, event.seat)?),
                    (
                        intern!(py, "cards"),
                        card_list(py, &event.cards)?.into_any(),
                    ),
                ],
            )?)?,
            EventKind::Award => awarded.push(event),
            EventKind::Return => returned.append(object(
                py,
                [
                    (seat_key, any(py, event.seat)?),
                    (amount_key, any(py, event.amount)?),
                ],
            )?)?,
            EventKind::Redeal => redeals += 1,
            _ => {}
        }
    }
    let seats = view.seats;
    let betting = view.phase == "bet";
    // the engine keeps a round's bets until the next round's first bet; on the felt they are
    // swept into the pot as soon as the round ends
    let bets: Vec<u64> = match betting {
        true => rows.bets.to_vec(),
        false => vec![0; seats],
    };
    // the pots in the middle: this round's bets in front of the seats are not in them yet (an
    // unmatched bet is not a side pot)
    let middle: Vec<u64> = (rows.committed.iter().zip(&bets))
        .map(|(&committed, &bet)| committed.saturating_sub(bet))
        .collect();
    let pots = PyList::empty(py);
    if middle.iter().any(|&chips| chips > 0) {
        for (index, pot) in side_pots(&middle, rows.live).into_iter().enumerate() {
            let dead = if index == 0 { view.dead } else { 0 };
            pots.append(object(
                py,
                [
                    (amount_key, any(py, pot.amount + dead)?),
                    (intern!(py, "eligible"), any(py, pot.eligible)?),
                ],
            )?)?;
        }
    }
    let up = match &view.seen {
        Seen::Hand { state, .. } => (0..seats)
            .map(|seat| card_list(py, &state.up_cards(seat)))
            .collect::<PyResult<Vec<_>>>()?,
        Seen::Fields(fields) => (fields.up_cards.iter())
            .map(|row| card_list(py, row))
            .collect::<PyResult<Vec<_>>>()?,
    };
    let card_counts: Vec<usize> = match &view.seen {
        Seen::Hand { state, .. } => state.cards.iter().map(Vec::len).collect(),
        Seen::Fields(fields) => fields.card_counts.clone(),
    };
    let own: &[Card] = if public { &[] } else { rows.cards };
    let done = view.phase == "done";
    let data = PyDict::new(py);
    let items: [(&Bound<'py, PyString>, Bound<'py, PyAny>); 25] = [
        (intern!(py, "hand"), any(py, hand)?),
        (intern!(py, "button"), any(py, view.button)?),
        (intern!(py, "street"), any(py, view.street)?),
        (intern!(py, "phase"), any(py, &*view.phase)?),
        (intern!(py, "actor"), any(py, view.actor)?),
        (intern!(py, "cards"), card_list(py, own)?.into_any()),
        (intern!(py, "card_counts"), any(py, card_counts)?),
        (intern!(py, "up"), PyList::new(py, up)?.into_any()),
        (intern!(py, "board"), card_list(py, rows.board)?.into_any()),
        (intern!(py, "stacks"), any(py, rows.stacks)?),
        (intern!(py, "bets"), any(py, bets)?),
        (intern!(py, "committed"), any(py, rows.committed)?),
        (
            intern!(py, "pot"),
            any(py, rows.committed.iter().sum::<u64>() + view.dead)?,
        ),
        (intern!(py, "pots"), pots.into_any()),
        (intern!(py, "live"), any(py, rows.live)?),
        (intern!(py, "current_bet"), any(py, view.current_bet)?),
        (intern!(py, "drawn"), any(py, rows.drawn)?),
        (intern!(py, "blinds"), blinds.into_any()),
        (
            intern!(py, "shown"),
            shown_list(view, py, &shown, words)?.into_any(),
        ),
        (intern!(py, "exposed"), exposed.into_any()),
        (intern!(py, "won"), won_list(py, &awarded)?.into_any()),
        (intern!(py, "returned"), returned.into_any()),
        (intern!(py, "redeals"), any(py, redeals)?),
        (
            intern!(py, "winners"),
            any(py, if done { winners } else { &[] })?,
        ),
        (intern!(py, "awards"), award_list(py, &awarded)?.into_any()),
    ];
    for (key, value) in items {
        data.set_item(key, value)?;
    }
    Ok(data)
}

/// The hands shown (`show` events), each described by `words(strength, ranking)` in the
/// ranking of the game's first showdown part; in a hi/lo game (two parts) each also has
/// `low`: its qualifying low (the seat's `low` event) described in the last part's ranking,
/// or `None`.
fn shown_list<'py>(
    view: &SeatView,
    py: Python<'py>,
    shown: &[&Event],
    words: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyList>> {
    let list = PyList::empty(py);
    if shown.is_empty() {
        return Ok(list);
    }
    let rankings: Vec<Bound<'py, PyAny>> = (view.game.bind(py).getattr("showdown")?.try_iter()?)
        .map(|part| part?.getattr("ranking"))
        .collect::<PyResult<_>>()?;
    let (Some(high), Some(low)) = (rankings.first(), rankings.last()) else {
        return Err(PyValueError::new_err(
            "a game without a showdown shows no hands",
        ));
    };
    let mut lows = BTreeMap::new();
    for event in shown.iter().filter(|event| event.kind == EventKind::Low) {
        lows.insert(event.seat, event.amount);
    }
    for event in shown.iter().filter(|event| event.kind == EventKind::Show) {
        let Some(seat) = event.seat else {
            continue;
        };
        let entry = object(
            py,
            [
                (intern!(py, "seat"), any(py, seat)?),
                (
                    intern!(py, "cards"),
                    card_list(py, &event.cards)?.into_any(),
                ),
                (intern!(py, "text"), words.call1((event.amount, high))?),
            ],
        )?;
        if rankings.len() > 1 {
            let text = match lows.get(&event.seat) {
                Some(&strength) => words.call1((strength, low))?,
                None => py.None().into_bound(py),
            };
            entry.set_item(intern!(py, "low"), text)?;
        }
        list.append(entry)?;
    }
    Ok(list)
}

/// The chips each winner took in all (its `award` events), by seat.
fn won_list<'py>(py: Python<'py>, awarded: &[&Event]) -> PyResult<Bound<'py, PyList>> {
    let mut won: BTreeMap<usize, u64> = BTreeMap::new();
    for event in awarded {
        if let Some(seat) = event.seat {
            *won.entry(seat).or_default() += event.amount;
        }
    }
    let list = PyList::empty(py);
    for (seat, chips) in won {
        list.append(object(
            py,
            [
                (intern!(py, "seat"), any(py, seat)?),
                (intern!(py, "amount"), any(py, chips)?),
            ],
        )?)?;
    }
    Ok(list)
}

/// A showdown's result per pot: each pot's chips, the seats that won it whole or its high
/// half (`high`), its low half (`low`), and each winner's share (`shares`), from the awards a
/// hand won (no award of a pot nobody contested).
fn award_list<'py>(py: Python<'py>, awarded: &[&Event]) -> PyResult<Bound<'py, PyList>> {
    type Pot<'a> = (u64, Vec<usize>, Vec<usize>, Vec<&'a Event>);
    let mut pots: BTreeMap<usize, Pot<'_>> = BTreeMap::new();
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
        pot.3.push(event);
    }
    let list = PyList::empty(py);
    for (_, (amount, mut high, mut low, events)) in pots {
        high.sort_unstable();
        low.sort_unstable();
        let shares = PyList::empty(py);
        for event in events {
            let Detail::Award(award) = event.detail else {
                continue;
            };
            shares.append(object(
                py,
                [
                    (intern!(py, "seat"), any(py, event.seat)?),
                    (intern!(py, "share"), any(py, award.share.name())?),
                    (intern!(py, "amount"), any(py, event.amount)?),
                ],
            )?)?;
        }
        list.append(object(
            py,
            [
                (intern!(py, "amount"), any(py, amount)?),
                (intern!(py, "high"), any(py, high)?),
                (intern!(py, "low"), any(py, low)?),
                (intern!(py, "shares"), shares.into_any()),
            ],
        )?)?;
    }
    Ok(list)
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
