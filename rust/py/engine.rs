//! The table engine for Python: `Rules` (a game spec read from plain data) and `HandState`
//! (one hand), plus the pot functions. `drawpoker.engine` wraps them; nothing else calls here.

use std::sync::Arc;

use super::action;
use super::cards::cards_from_ints;
use super::errors::{check, to_py};
use super::seat_view::{event_tuple, legal_tuple, EventTuple, SeatView};
use crate::card::{Card, RANK_CHARS, SUIT_CHARS};
use crate::draw::limit::DrawLimit;
use crate::engine::spec::{
    BetSize, CardOrder, Deck, FirstToAct, ForcedBets, HandCards, OddChip, Opening, Qualifier,
    ShowOrder, ShowdownPart, Spec, Street, Structure,
};
use crate::engine::state::{Deal, HandState as State};
use crate::engine::{pots, showdown};
use crate::error::Error;
use crate::eval::Ranking;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

fn spec_error(what: &str, why: impl std::fmt::Display) -> PyErr {
    to_py(Error::InvalidArgument(format!("game spec {what}: {why}")))
}

/// `data[key]`, converted, with the field named in any error.
fn field<'py, T: FromPyObjectOwned<'py>>(data: &Bound<'py, PyDict>, key: &str) -> PyResult<T> {
    let value = data
        .get_item(key)?
        .ok_or_else(|| spec_error(key, "is missing"))?;
    value
        .extract::<T>()
        .map_err(|_| match value.extract::<i128>() {
            Ok(number) => spec_error(key, format!("{number} is out of range")),
            Err(_) => spec_error(key, format!("has the wrong type ({})", value.get_type())),
        })
}

fn choice<T: Copy>(what: &str, name: &str, choices: &[(&str, T)]) -> PyResult<T> {
    choices
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let known: Vec<&str> = choices.iter().map(|(n, _)| *n).collect();
            spec_error(what, format!("{name:?} is not one of {}", known.join(", ")))
        })
}

fn chips(what: &str, value: i64) -> PyResult<u64> {
    u64::try_from(value).map_err(|_| spec_error(what, format!("{value} is negative")))
}

fn street_of(data: &Bound<'_, PyDict>) -> PyResult<Street> {
    let count = |key: &str| -> PyResult<u8> {
        let value: i64 = field(data, key)?;
        u8::try_from(value).map_err(|_| spec_error(key, format!("{value} cards is not allowed")))
    };
    let draw: Option<String> = field(data, "draw")?;
    let bet_size: String = field(data, "bet_size")?;
    let first: String = field(data, "first")?;
    Ok(Street {
        down: count("down")?,
        up: count("up")?,
        board: count("board")?,
        draw: draw
            .map(|name| DrawLimit::from_name(&name).map_err(to_py))
            .transpose()?,
        betting: field(data, "betting")?,
        bet_size: choice(
            "bet_size",
            &bet_size,
            &[
                ("small", BetSize::Small),
                ("big", BetSize::Big),
                (
                    "small-or-big-with-open-pair",
                    BetSize::SmallOrBigWithOpenPair,
                ),
            ],
        )?,
        first: choice(
            "first",
            &first,
            &[
                ("left-of-button", FirstToAct::LeftOfButton),
                ("left-of-big-blind", FirstToAct::LeftOfBigBlind),
                ("opener", FirstToAct::Opener),
                ("bring-in", FirstToAct::BringIn),
                ("best-board", FirstToAct::BestBoard),
            ],
        )?,
    })
}

fn structure_of(data: &Bound<'_, PyDict>) -> PyResult<Structure> {
    let kind: String = field(data, "kind")?;
    match kind.as_str() {
        "unit" => Ok(Structure::Unit {
            unit: chips("unit", field(data, "unit")?)?,
        }),
        "no-limit" => Ok(Structure::NoLimit {
            min_bet: chips("min_bet", field(data, "min_bet")?)?,
        }),
        "pot-limit" => Ok(Structure::PotLimit {
            min_bet: chips("min_bet", field(data, "min_bet")?)?,
        }),
        "fixed-limit" => Ok(Structure::FixedLimit {
            small: chips("small", field(data, "small")?)?,
            big: chips("big", field(data, "big")?)?,
            cap: field(data, "cap")?,
            heads_up_uncapped: field(data, "heads_up_uncapped")?,
        }),
        other => Err(spec_error(
            "betting",
            format!("{other:?} is not a betting structure"),
        )),
    }
}

fn opening_of(data: Option<Bound<'_, PyDict>>) -> PyResult<Opening> {
    let Some(data) = data else {
        return Ok(Opening::Any);
    };
    let ranking = check(Ranking::from_name(&field::<String>(&data, "ranking")?))?;
    let cards: Vec<i64> = field(&data, "at_least")?;
    let cards = super::cards::cards_from_ints(&cards)?;
    Ok(Opening::AtLeast {
        name: field(&data, "name")?,
        ranking,
        minimum: check(ranking.evaluate(&cards))?,
    })
}

fn part_of(data: &Bound<'_, PyDict>) -> PyResult<ShowdownPart> {
    let cards: String = field(data, "cards")?;
    let qualifier: Option<String> = field(data, "qualifier")?;
    let odd_chip: String = field(data, "odd_chip")?;
    Ok(ShowdownPart {
        ranking: check(Ranking::from_name(&field::<String>(data, "ranking")?))?,
        cards: choice(
            "cards",
            &cards,
            &[
                ("best-of-all", HandCards::BestOfAll),
                ("two-hole-three-board", HandCards::TwoHoleThreeBoard),
            ],
        )?,
        qualifier: qualifier
            .map(|name| {
                choice(
                    "qualifier",
                    &name,
                    &[("eight-or-better", Qualifier::EightOrBetter)],
                )
            })
            .transpose()?,
        odd_chip: choice(
            "odd_chip",
            &odd_chip,
            &[
                ("left-of-button", OddChip::LeftOfButton),
                ("high-card-by-suit", OddChip::HighCardBySuit),
                ("low-card-by-suit", OddChip::LowCardBySuit),
            ],
        )?,
    })
}

/// The deck of ``{"ranks": "23456789TJQKA", "suits": "cdhs", "joker": False}``.
fn deck_of(data: &Bound<'_, PyDict>) -> PyResult<Deck> {
    let letters = |key: &str, known: &[u8]| -> PyResult<Vec<u8>> {
        let text: String = field(data, key)?;
        text.chars()
            .map(|ch| {
                known
                    .iter()
                    .position(|&k| k as char == ch)
                    .map(|i| i as u8)
                    .ok_or_else(|| spec_error(&format!("deck {key}"), format!("{ch:?} is unknown")))
            })
            .collect()
    };
    let ranks = letters("ranks", RANK_CHARS)?;
    let suits = letters("suits", SUIT_CHARS)?;
    Deck::new(&ranks, &suits, field(data, "joker")?).map_err(to_py)
}

/// A game's rules read from plain data (``GameSpec.core_data()``), checked.
#[pyclass(module = "drawpoker._core", frozen)]
pub struct Rules {
    pub(super) spec: Arc<Spec>,
}

#[pymethods]
impl Rules {
    #[new]
    fn new(data: &Bound<'_, PyDict>) -> PyResult<Self> {
        let seats: (i64, i64) = field(data, "seats")?;
        let deck: Bound<'_, PyDict> = field(data, "deck")?;
        let show_order: String = field(data, "show_order")?;
        let card_order: String = field(data, "card_order")?;
        let streets: Vec<Bound<'_, PyDict>> = field(data, "streets")?;
        let parts: Vec<Bound<'_, PyDict>> = field(data, "showdown")?;
        let betting: Option<Bound<'_, PyDict>> = field(data, "betting")?;
        let to_seats = |n: i64| usize::try_from(n).map_err(|_| spec_error("seats", n));
        let spec = Spec {
            name: field(data, "name")?,
            deck: deck_of(&deck)?,
            min_seats: to_seats(seats.0)?,
            max_seats: to_seats(seats.1)?,
            forced: ForcedBets {
                ante: chips("ante", field(data, "ante")?)?,
                small_blind: chips("small_blind", field(data, "small_blind")?)?,
                big_blind: chips("big_blind", field(data, "big_blind")?)?,
                big_blind_ante: chips("big_blind_ante", field(data, "big_blind_ante")?)?,
                bring_in: chips("bring_in", field(data, "bring_in")?)?,
            },
            streets: streets.iter().map(street_of).collect::<PyResult<_>>()?,
            structure: betting.as_ref().map(structure_of).transpose()?,
            opening: opening_of(field(data, "opening")?)?,
            redeal_if_unopened: field(data, "redeal_if_unopened")?,
            showdown: parts.iter().map(part_of).collect::<PyResult<_>>()?,
            show_order: choice(
                "show_order",
                &show_order,
                &[
                    ("left-of-button", ShowOrder::LeftOfButton),
                    ("last-aggressor", ShowOrder::LastAggressor),
                    (
                        "last-aggressor-any-street",
                        ShowOrder::LastAggressorAnyStreet,
                    ),
                ],
            )?,
            card_order: choice(
                "card_order",
                &card_order,
                &[("high", CardOrder::High), ("low", CardOrder::Low)],
            )?,
            button_moves: field(data, "button_moves")?,
        };
        check(spec.check())?;
        Ok(Rules {
            spec: Arc::new(spec),
        })
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> String {
        self.spec.name.clone()
    }

    /// Each hand's share of a pot when `hands` (every card each holds) show down on `board`,
    /// scored by the game's showdown parts as the engine scores them (ties and hi/lo halves
    /// shared, odd chips aside). A repeated card or a hand its ranking cannot score is refused.
    ///
    /// ```python
    /// >>> from drawpoker.cards import parse_cards
    /// >>> from drawpoker.engine import game
    /// >>> hands = [parse_cards("As 2s 3d 4c 8h Kd Kc"), parse_cards("Qs Qd Qh 9c 9d Tc Jd")]
    /// >>> hi_lo, stud = game("stud-hi-lo").rules, game("stud").rules
    /// >>> hi_lo.showdown_shares(hands, []), stud.showdown_shares(hands, [])
    /// ([0.5, 0.5], [0.0, 1.0])
    /// >>> stud.showdown_shares([hands[0], hands[0]], [])
    /// Traceback (most recent call last):
    /// ...
    /// drawpoker.errors.InvalidCardError: duplicate card As
    ///
    /// ```
    fn showdown_shares(&self, hands: Vec<Vec<i64>>, board: Vec<i64>) -> PyResult<Vec<f64>> {
        let hands = hands
            .iter()
            .map(|hand| cards_from_ints(hand))
            .collect::<PyResult<Vec<_>>>()?;
        let board = cards_from_ints(&board)?;
        check(showdown::showdown_shares(
            &self.spec.showdown,
            &hands,
            &board,
        ))
    }
}

/// One hand of a game: the state machine of `rust/engine/state.rs`.
#[pyclass(module = "drawpoker._core")]
pub struct HandState {
    /// The hand, shared with the views made of it since its last change: a change copies it
    /// first only while a view still holds it (copy on write, see `view`).
    pub(crate) state: Arc<State>,
}

fn card_tuple<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyTuple>> {
    PyTuple::new(py, cards)
}

/// Cards as a list of ints (a `Vec<u8>` would become `bytes`).
fn card_list<'py>(py: Python<'py>, cards: &[Card]) -> PyResult<Bound<'py, PyList>> {
    PyList::new(py, cards)
}

/// Several seats' (or shuffles') cards as a list of lists of ints.
fn card_lists<'py>(py: Python<'py>, rows: &[Vec<Card>]) -> PyResult<Bound<'py, PyList>> {
    let lists = rows
        .iter()
        .map(|row| card_list(py, row))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, lists)
}

impl HandState {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.state.seats {
            return Ok(());
        }
        Err(to_py(Error::InvalidArgument(format!(
            "seat {seat} is not a seat of {}",
            self.state.seats
        ))))
    }
}

#[pymethods]
impl HandState {
    #[new]
    fn new(
        rules: &Rules,
        stacks: Vec<i64>,
        button: i64,
        seed: u64,
        number: u64,
        stacked: Vec<Vec<i64>>,
    ) -> PyResult<Self> {
        let deal = Deal {
            stacks: &stacks,
            button,
            seed,
            number,
            stacked: &stacked,
            shuffled: None,
        };
        Ok(HandState {
            state: Arc::new(check(State::new(Arc::clone(&rules.spec), deal))?),
        })
    }

    /// Applies an action (see `State::act`); refused actions change nothing. The kind's name
    /// and the card values are read here: an unknown kind or a value that is no card is
    /// refused like any illegal action.
    #[pyo3(signature = (kind, amount = 0, cards = None))]
    fn act(&mut self, kind: &str, amount: i64, cards: Option<Vec<i64>>) -> PyResult<()> {
        let (parsed, discards) = action::parsed(kind, cards.as_deref().unwrap_or(&[]))
            .map_err(|reason| to_py(self.state.refusal(kind, &reason)))?;
        check(Arc::make_mut(&mut self.state).act(parsed, amount, &discards))
    }

    /// Checks, calls or stands pat for the seat to act.
    fn check_or_call(&mut self) -> PyResult<()> {
        check(Arc::make_mut(&mut self.state).check_or_call())
    }

    /// Why the action is not legal now, or `None`: an unknown kind or a value that is no card
    /// first, then the hand's check.
    #[pyo3(signature = (kind, amount = 0, cards = None))]
    fn why_illegal(&self, kind: &str, amount: i64, cards: Option<Vec<i64>>) -> Option<String> {
        match action::parsed(kind, cards.as_deref().unwrap_or(&[])) {
            Ok((kind, discards)) => self.state.why_illegal(kind, amount, &discards),
            Err(reason) => Some(reason),
        }
    }

    /// The legal actions as a tuple in the field order of `LegalActions`.
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        legal_tuple(py, &check(self.state.legal_actions())?)
    }

    /// The events from index `start` on, as `(kind, seat, to, amount, cards)` tuples.
    fn events_from<'py>(&self, py: Python<'py>, start: usize) -> PyResult<Vec<EventTuple<'py>>> {
        self.state
            .events
            .iter()
            .skip(start)
            .map(|e| event_tuple(py, e))
            .collect()
    }

    /// How many events there are.
    fn event_count(&self) -> usize {
        self.state.events.len()
    }

    /// The actions applied, as `(kind, amount, cards)` tuples.
    fn actions<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Vec<(&'static str, u64, Bound<'py, PyTuple>)>> {
        self.state
            .actions
            .iter()
            .map(|a| Ok((a.kind.name(), a.amount, card_tuple(py, &a.cards)?)))
            .collect()
    }

    /// Cards each seat holds face down to the others (all of a seat's cards here).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_lists(py, &self.state.cards)
    }

    /// The cards of one seat, as a tuple.
    fn seat_cards<'py>(&self, py: Python<'py>, seat: usize) -> PyResult<Bound<'py, PyTuple>> {
        self.check_seat(seat)?;
        card_tuple(py, &self.state.cards[seat])
    }

    #[getter]
    fn seats(&self) -> usize {
        self.state.seats
    }
    #[getter]
    fn button(&self) -> usize {
        self.state.button
    }
    #[getter]
    fn seed(&self) -> u64 {
        self.state.seed
    }
    #[getter]
    fn number(&self) -> u64 {
        self.state.number
    }
    #[getter]
    fn start_stacks(&self) -> Vec<u64> {
        self.state.start_stacks.clone()
    }
    #[getter]
    fn stacks(&self) -> Vec<u64> {
        self.state.stacks.clone()
    }
    #[getter]
    fn committed(&self) -> Vec<u64> {
        self.state.committed.clone()
    }
    #[getter]
    fn bets(&self) -> Vec<u64> {
        self.state.bets.clone()
    }
    #[getter]
    fn dead(&self) -> u64 {
        self.state.dead
    }
    #[getter]
    fn live(&self) -> Vec<bool> {
        self.state.live.clone()
    }
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_list(py, &self.state.board)
    }
    #[getter]
    fn deck<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_list(py, &self.state.deck)
    }
    #[getter]
    fn discards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_list(py, &self.state.discards)
    }
    #[getter]
    fn reshuffles(&self) -> u32 {
        self.state.reshuffles
    }
    #[getter]
    fn deal_number(&self) -> u32 {
        self.state.deal_number
    }
    #[getter]
    fn stacked<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        card_lists(py, &self.state.stacked)
    }
    #[getter]
    fn stacked_used(&self) -> usize {
        self.state.stacked_used
    }
    #[getter]
    fn street(&self) -> usize {
        self.state.street
    }
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase.name()
    }
    #[getter]
    fn actor(&self) -> Option<usize> {
        self.state.actor
    }
    #[getter]
    fn current_bet(&self) -> u64 {
        self.state.current_bet
    }
    #[getter]
    fn largest_raise(&self) -> u64 {
        self.state.largest_raise
    }
    #[getter]
    fn acted_at(&self) -> Vec<i64> {
        self.state.acted_at.clone()
    }
    #[getter]
    fn opener(&self) -> Option<usize> {
        self.state.opener
    }
    #[getter]
    fn aggressor(&self) -> Option<usize> {
        self.state.aggressor
    }
    #[getter]
    fn big_blind_seat(&self) -> Option<usize> {
        self.state.big_blind_seat
    }
    #[getter]
    fn face_up(&self) -> Vec<Vec<bool>> {
        self.state.face_up.clone()
    }
    #[getter]
    fn bring_in_due(&self) -> bool {
        self.state.bring_in_due
    }
    #[getter]
    fn bets_in_round(&self) -> u32 {
        self.state.bets_in_round
    }
    #[getter]
    fn drawn(&self) -> Vec<i32> {
        self.state.drawn.clone()
    }
    #[getter]
    fn revealed<'py>(&self, py: Python<'py>) -> PyResult<Vec<(usize, Bound<'py, PyList>)>> {
        self.state
            .revealed
            .iter()
            .map(|(seat, cards)| Ok((*seat, card_list(py, cards)?)))
            .collect()
    }
    #[getter]
    fn strengths(&self) -> Vec<(usize, u16)> {
        self.state.strengths.clone()
    }
    #[getter]
    fn winners(&self) -> Vec<usize> {
        self.state.winners.clone()
    }
    #[getter]
    fn payouts(&self) -> Vec<u64> {
        self.state.payouts.clone()
    }
    #[getter]
    fn pot(&self) -> u64 {
        self.state.pot()
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.state.actor.is_none()
    }

    /// What `seat` may see of the hand of `game` (a `GameSpec`): its own cards, the public
    /// facts, its legal actions on its turn and the events it may see (Python objects are made
    /// when read).
    ///
    /// Nothing is copied per view: the view shares the hand as it is now, and the hand's next
    /// change copies it first only if the view is still alive (a CPU player's view, made at
    /// every decision, is gone by then).
    ///
    /// ``known``, when given, is the ``Event`` of each of the hand's events so far, in order
    /// (``Hand``'s own list, to which events are only ever added): the view's ``events`` are
    /// then taken from it, not made again, when it holds every event of the hand now.
    #[pyo3(signature = (seat, game, known=None))]
    fn view(
        &self,
        seat: usize,
        game: Py<PyAny>,
        known: Option<Bound<'_, PyList>>,
    ) -> PyResult<SeatView> {
        self.check_seat(seat)?;
        let legal = if self.state.actor == Some(seat) {
            Some(check(self.state.legal_actions())?)
        } else {
            None
        };
        let known = known
            .filter(|known| known.len() == self.state.events.len())
            .map(Bound::unbind);
        Ok(SeatView::new(
            Arc::clone(&self.state),
            seat,
            legal,
            game,
            known,
        ))
    }

    /// An independent copy of the hand.
    fn copy(&self) -> HandState {
        HandState {
            state: Arc::new(State::clone(&self.state)),
        }
    }
}

/// Every sizing preset the engine offers as `(label, rule, percent)`: the label the legal
/// actions name it by, its rule (`pot-share`: the current bet plus `percent` of the pot after
/// the call; `bet-multiple`: `percent` of the current bet) and the percentage.
///
/// ```python
/// >>> preset_rules()[2:4]
/// [('pot', 'pot-share', 100), ('2x', 'bet-multiple', 200)]
///
/// ```
#[pyfunction]
fn preset_rules() -> Vec<(&'static str, &'static str, u64)> {
    crate::engine::betting::every_preset()
        .into_iter()
        .map(|(label, preset)| {
            let (rule, percent) = preset.rule();
            (label, rule, percent)
        })
        .collect()
}

/// `(seat, chips)` of a bet no one matched (R-POT-2), or None.
///
/// ```python
/// >>> uncalled_bet([100, 500, 300]), uncalled_bet([100, 300, 300])
/// ((1, 200), None)
///
/// ```
#[pyfunction]
fn uncalled_bet(committed: Vec<u64>) -> Option<(usize, u64)> {
    pots::uncalled_bet(&committed)
}

/// The main pot and side pots as `(amount, eligible seats)` pairs (R-POT-1).
#[pyfunction]
fn side_pots(committed: Vec<u64>, live: Vec<bool>) -> PyResult<Vec<(u64, Vec<usize>)>> {
    if committed.len() != live.len() {
        return Err(to_py(Error::InvalidArgument(format!(
            "{} commitments but {} live flags",
            committed.len(),
            live.len()
        ))));
    }
    Ok(pots::side_pots(&committed, &live)
        .into_iter()
        .map(|p| (p.amount, p.eligible))
        .collect())
}

/// Shares of a pot among tied winners, odd chips one at a time in `order` (R-POT-3).
#[pyfunction]
fn split_pot(amount: u64, winners: Vec<usize>, order: Vec<usize>) -> PyResult<Vec<(usize, u64)>> {
    if winners.is_empty() {
        return Err(to_py(Error::InvalidArgument(
            "a pot needs at least one winner".into(),
        )));
    }
    Ok(pots::split(amount, &winners, &order))
}

/// Chips each seat of `order` wins from `pots` given each seat's strength (R-POT-3).
#[pyfunction]
fn award_pots(
    pots_: Vec<(u64, Vec<usize>)>,
    strengths: Vec<Option<i64>>,
    order: Vec<usize>,
) -> PyResult<Vec<u64>> {
    let seats = order.len();
    if strengths.len() != seats || pots_.iter().flat_map(|p| &p.1).any(|&s| s >= seats) {
        return Err(to_py(Error::InvalidArgument(format!(
            "every pot's seats and strengths must name seats of {seats}"
        ))));
    }
    let pots: Vec<pots::Pot> = pots_
        .into_iter()
        .map(|(amount, eligible)| pots::Pot { amount, eligible })
        .collect();
    Ok(pots::award(&pots, |s| strengths[s], &order))
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Rules>()?;
    m.add_class::<HandState>()?;
    m.add_class::<SeatView>()?;
    m.add_function(wrap_pyfunction!(preset_rules, m)?)?;
    m.add_function(wrap_pyfunction!(uncalled_bet, m)?)?;
    m.add_function(wrap_pyfunction!(side_pots, m)?)?;
    m.add_function(wrap_pyfunction!(split_pot, m)?)?;
    m.add_function(wrap_pyfunction!(award_pots, m)?)?;
    Ok(())
}
