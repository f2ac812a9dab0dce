//! `SeatView` (Python's `HandView`): what one seat may know of a hand, turned into Python
//! objects only when a field is read. A CPU player reads a few fields of a view made at every
//! decision, so a view of the engine copies nothing: it shares the hand as it was when the view
//! was made (the hand copies itself before its next change while a view still holds it) and
//! its getters read only what the view's seat may see: its own cards, the public facts, its
//! legal actions, the events it may see. A view made from plain data keeps those fields.

use std::borrow::Cow;
use std::sync::Arc;

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyTuple, PyType};

use crate::card::Card;
use crate::draw::limit::DrawLimit;
use crate::engine::action::{why_seat_may_not, ActionKind, Bounds, LegalActions};
use crate::engine::event::{Award, Blind, Detail, Event, EventKind, Share};
use crate::error::Error;

use super::action;
use super::errors::to_py;
use crate::engine::state::HandState as State;

mod felt;

/// The fields of a view, in order.
const FIELDS: [&str; 21] = [
    "seat",
    "seats",
    "button",
    "street",
    "phase",
    "actor",
    "cards",
    "card_counts",
    "stacks",
    "bets",
    "committed",
    "dead",
    "live",
    "current_bet",
    "drawn",
    "revealed",
    "legal",
    "board",
    "up_cards",
    "game",
    "events",
];

type Text = Cow<'static, str>;

/// The legal actions: seat, kinds, call, min_to, max_to, step, max_discards, presets (their
/// labels `P`).
type LegalOf<K, P> = (usize, Vec<K>, u64, u64, u64, u64, usize, Vec<(P, u64)>);

/// An award's pot, pots, share and strength (`drawpoker.engine.events.Award`).
type AwardOf<T> = (usize, usize, T, Option<u16>);

/// An event as `HandView(events=...)` is given it, its numbers not yet checked
/// ([`checked_event`]).
type GivenEvent = (
    String,
    Option<i64>,
    Option<i64>,
    i64,
    Vec<Card>,
    Option<String>,
    Option<(i64, i64, String, Option<i64>)>,
);

/// The event's blind name and award, as the Python `Event` carries them.
fn detail_fields(detail: Detail) -> (Option<&'static str>, Option<AwardOf<&'static str>>) {
    match detail {
        Detail::None => (None, None),
        Detail::Blind(blind) => (Some(blind.name()), None),
        Detail::Award(award) => (
            None,
            Some((award.pot, award.pots, award.share.name(), award.strength)),
        ),
    }
}

/// `award` as a `drawpoker.engine.events.Award`.
fn award_object<'py, T: AsRef<str>>(
    py: Python<'py>,
    award: &Option<AwardOf<T>>,
) -> PyResult<Option<Bound<'py, PyAny>>> {
    let Some((pot, pots, share, strength)) = award else {
        return Ok(None);
    };
    let class = AWARD.import(py, "drawpoker.engine.events", "Award")?;
    let values = (pot, pots, share.as_ref(), strength).into_pyobject(py)?;
    named_tuple(class, values).map(Some)
}

/// One seat's view of a hand (`HandState.view`), or a view from plain data (`HandView(...)`,
/// `_replace`). Every getter makes a fresh Python value, but for ``events``: a CPU player reads
/// them several times a decision (who bet last, what it read already, where the hand is), so
/// the tuple is made at the first read and the same one is given at every read after it. A view from plain data reads its legal
/// kinds once and is refused, the error naming the field, when no seat could see it.
///
/// ```python
/// >>> from drawpoker.engine import Hand, HandView, game
/// >>> hand = Hand(game("holdem"), [1000, 1000], seed=1)
/// >>> view = hand.view(hand.actor)
/// >>> view.seat, view.legal.kinds, len(view.cards), [e.kind for e in view.events][:2]
/// (0, ('fold', 'call', 'raise'), 2, ['blind', 'blind'])
/// >>> view.events is view.events, view.cards is view.cards  # the events made once
/// (True, False)
/// >>> HandView(**view._asdict()) == view
/// True
/// >>> view._replace(legal=view.legal._replace(kinds=("fold", "shove")))
/// Traceback (most recent call last):
/// ...
/// drawpoker.errors.InvalidArgumentError: HandView field legal: unknown action 'shove'
/// >>> view._replace(stacks=(1000,))
/// Traceback (most recent call last):
/// ...
/// drawpoker.errors.InvalidArgumentError: HandView field stacks: 1 values for 2 seats
///
/// ```
#[pyclass(frozen, module = "drawpoker._core")]
pub struct SeatView {
    /// The seat whose view this is.
    #[pyo3(get)]
    seat: usize,
    /// How many seats the hand has.
    #[pyo3(get)]
    seats: usize,
    /// The button's seat.
    #[pyo3(get)]
    button: usize,
    /// The street being played, an index of ``game.streets``.
    #[pyo3(get)]
    street: usize,
    phase: Text,
    /// The seat to act, or ``None`` when no one may act.
    #[pyo3(get)]
    actor: Option<usize>,
    /// The chips in the main pot that count toward no seat's bet (a big-blind ante).
    #[pyo3(get)]
    dead: u64,
    /// The largest bet of the betting round.
    #[pyo3(get)]
    current_bet: u64,
    /// The game played (a ``GameSpec``).
    #[pyo3(get)]
    game: Py<PyAny>,
    seen: Seen,
    /// The ``events`` tuple, made at its first read (a view never changes).
    events: PyOnceLock<Py<PyTuple>>,
    /// The hand's own ``Event`` of each of its events when the view was made, in order (a
    /// list the hand only adds to): ``events`` takes the seat's from it instead of making them.
    known: Option<Py<PyList>>,
}

/// Where a view's cards, seats' chips, legal actions and events are read from.
enum Seen {
    /// The hand as it was when the view was made, shared with the hand (which copies itself
    /// before its next change while the view lives) and read only for what the view's seat
    /// may see, with the seat's legal actions on its turn.
    Hand {
        state: Arc<State>,
        legal: Option<LegalActions>,
    },
    /// A view made from fields: what the seat may see, kept as given.
    Fields(Box<Fields>),
}

/// The fields of a view made from plain data, apart from its numbers.
struct Fields {
    cards: Vec<Card>,
    card_counts: Vec<usize>,
    stacks: Vec<u64>,
    bets: Vec<u64>,
    committed: Vec<u64>,
    live: Vec<bool>,
    drawn: Vec<i32>,
    revealed: Vec<(usize, Vec<Card>)>,
    /// The legal actions, their kinds read once when the view was made.
    legal: Option<LegalOf<ActionKind, String>>,
    /// The limit of the draw when the seat may draw (the check of its action needs it).
    draw_limit: Option<DrawLimit>,
    board: Vec<Card>,
    up_cards: Vec<Vec<Card>>,
    events: Vec<Event>,
}

/// A view's rows, wherever they are kept.
struct Rows<'a> {
    cards: &'a [Card],
    stacks: &'a [u64],
    bets: &'a [u64],
    committed: &'a [u64],
    live: &'a [bool],
    drawn: &'a [i32],
    revealed: &'a [(usize, Vec<Card>)],
    board: &'a [Card],
}

impl SeatView {
    /// The view of `seat` (a seat of `state`) in `game`, with `legal` the actions on its turn
    /// and, when the hand has made them, the `Event` of each of `state`'s events (`known`).
    pub fn new(
        state: Arc<State>,
        seat: usize,
        legal: Option<LegalActions>,
        game: Py<PyAny>,
        known: Option<Py<PyList>>,
    ) -> SeatView {
        SeatView {
            seat,
            seats: state.seats,
            button: state.button,
            street: state.street,
            phase: Cow::Borrowed(state.phase.name()),
            actor: state.actor,
            dead: state.dead,
            current_bet: state.current_bet,
            game,
            seen: Seen::Hand { state, legal },
            events: PyOnceLock::new(),
            known,
        }
    }

    /// The kinds of action open to the seat and the bounds they keep, on its turn: the hand's
    /// legal actions, or those given (their draw limit from the game's street).
    fn turn(&self) -> Option<(&[ActionKind], Bounds)> {
        match &self.seen {
            Seen::Hand { legal, .. } => legal.as_ref().map(|l| (l.kinds, l.bounds())),
            Seen::Fields(fields) => {
                let (_, kinds, _, min_to, max_to, step, _, _) = fields.legal.as_ref()?;
                let bounds = Bounds {
                    min_to: *min_to,
                    max_to: *max_to,
                    step: *step,
                    draw_limit: fields.draw_limit,
                };
                Some((kinds, bounds))
            }
        }
    }

    /// Refuses a view made from fields that no seat could see, naming the field: a `button`,
    /// `actor` or `revealed` hand of no seat of the hand (its `seat` is checked before its
    /// events, [`a_seat`]), a row of one value a seat (`stacks`, `up_cards`, ...) of another
    /// length, legal actions of another seat or off the seat's turn.
    fn check_seen(&self) -> PyResult<()> {
        let Seen::Fields(given) = &self.seen else {
            return Ok(());
        };
        let (seat, seats) = (self.seat, self.seats);
        a_seat("button", self.button, seats)?;
        if let Some(actor) = self.actor {
            a_seat("actor", actor, seats)?;
        }
        for &(shown, _) in &given.revealed {
            a_seat("revealed", shown, seats)?;
        }
        let rows = [
            ("card_counts", given.card_counts.len()),
            ("stacks", given.stacks.len()),
            ("bets", given.bets.len()),
            ("committed", given.committed.len()),
            ("live", given.live.len()),
            ("drawn", given.drawn.len()),
            ("up_cards", given.up_cards.len()),
        ];
        if let Some((name, values)) = rows.into_iter().find(|&(_, values)| values != seats) {
            return Err(wrong_field(
                name,
                format!("{values} values for {seats} seats"),
            ));
        }
        let Some((of, ..)) = &given.legal else {
            return Ok(());
        };
        match self.actor {
            _ if *of != seat => Err(format!(
                "the actions of seat {of} in the view of seat {seat}"
            )),
            Some(actor) if actor != seat => Err(format!("seat {actor} is to act, not seat {seat}")),
            None => Err("no seat is to act".to_string()),
            Some(_) => Ok(()),
        }
        .map_err(|why| wrong_field("legal", why))
    }

    /// The events this seat may see, as the ``events`` getter gives them: those the hand made
    /// already (`known`), else made anew.
    fn make_events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        if let (Seen::Hand { state, .. }, Some(known)) = (&self.seen, &self.known) {
            let known = known.bind(py);
            let seen = (state.events.iter().enumerate())
                .filter(|(_, event)| event.visible_to(self.seat))
                .map(|(number, _)| known.get_item(number))
                .collect::<PyResult<Vec<_>>>()?;
            return PyTuple::new(py, seen);
        }
        let class = EVENT.import(py, "drawpoker.engine.events", "Event")?;
        let events = match &self.seen {
            Seen::Hand { state, .. } => &state.events[..],
            Seen::Fields(fields) => &fields.events[..],
        };
        let events = (events.iter())
            .filter(|event| event.visible_to(self.seat))
            .map(|event| named_tuple(class, event_tuple(py, event)?.into_pyobject(py)?))
            .collect::<PyResult<Vec<_>>>()?;
        PyTuple::new(py, events)
    }

    /// The view's rows: of the hand (the seat's own cards), or as given.
    fn rows(&self) -> Rows<'_> {
        match &self.seen {
            Seen::Hand { state, .. } => Rows {
                cards: &state.cards[self.seat],
                stacks: &state.stacks,
                bets: &state.bets,
                committed: &state.committed,
                live: &state.live,
                drawn: &state.drawn,
                revealed: &state.revealed,
                board: &state.board,
            },
            Seen::Fields(fields) => Rows {
                cards: &fields.cards,
                stacks: &fields.stacks,
                bets: &fields.bets,
                committed: &fields.committed,
                live: &fields.live,
                drawn: &fields.drawn,
                revealed: &fields.revealed,
                board: &fields.board,
            },
        }
    }
}

/// An event as `(kind, seat, to, amount, cards, blind, award)`.
pub type EventTuple<'py> = (
    &'static str,
    Option<usize>,
    Option<usize>,
    u64,
    Bound<'py, PyTuple>,
    Option<&'static str>,
    Option<Bound<'py, PyAny>>,
);

/// `event` as an [`EventTuple`].
pub fn event_tuple<'py>(py: Python<'py>, event: &Event) -> PyResult<EventTuple<'py>> {
    let (blind, award) = detail_fields(event.detail);
    Ok((
        EventKind::name(event.kind),
        event.seat,
        event.to,
        event.amount,
        PyTuple::new(py, &event.cards)?,
        blind,
        award_object(py, &award)?,
    ))
}

/// `legal` as `(seat, kinds, call, min_to, max_to, step, max_discards, presets)`.
pub fn legal_tuple<'py>(py: Python<'py>, legal: &LegalActions) -> PyResult<Bound<'py, PyTuple>> {
    (
        legal.seat,
        PyTuple::new(py, legal.kinds.iter().map(|k| k.name()))?,
        legal.call,
        legal.min_to,
        legal.max_to,
        legal.step,
        legal.max_discards,
        PyTuple::new(py, &legal.presets)?,
    )
        .into_pyobject(py)
}

static LEGAL_ACTIONS: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static EVENT: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static AWARD: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static ILLEGAL_ACTION: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static VIEW_REPR: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static CHECKED_ACTION: PyOnceLock<Py<PyAny>> = PyOnceLock::new();
static TUPLE_NEW: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// Legal actions as a `drawpoker.engine.actions.LegalActions`: `(seat, kinds, call, min_to,
/// max_to, step)`, then `max_discards` and `presets`.
fn legal_object<'py, 'k, K, P>(
    py: Python<'py>,
    (seat, kinds, call, min_to, max_to, step): (usize, K, u64, u64, u64, u64),
    max_discards: usize,
    presets: &[(P, u64)],
) -> PyResult<Bound<'py, PyAny>>
where
    K: IntoIterator<Item = &'k str, IntoIter: ExactSizeIterator>,
    P: AsRef<str>,
{
    let class = LEGAL_ACTIONS.import(py, "drawpoker.engine.actions", "LegalActions")?;
    let presets = presets
        .iter()
        .map(|(name, to)| (name.as_ref(), *to).into_pyobject(py))
        .collect::<PyResult<Vec<_>>>()?;
    let values = (
        seat,
        PyTuple::new(py, kinds)?,
        call,
        min_to,
        max_to,
        step,
        max_discards,
        PyTuple::new(py, presets)?,
    )
        .into_pyobject(py)?;
    named_tuple(class, values)
}

/// `values` as an instance of the NamedTuple `class` (its `__new__` without keyword handling).
fn named_tuple<'py>(
    class: &Bound<'py, PyType>,
    values: Bound<'py, PyTuple>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = class.py();
    let new = TUPLE_NEW.get_or_try_init(py, || -> PyResult<Py<PyAny>> {
        Ok(py.get_type::<PyTuple>().getattr("__new__")?.unbind())
    })?;
    new.bind(py).call1((class, values))
}

/// The field `name` of `fields`, with an error naming it.
fn field<'py, T: for<'a> FromPyObject<'a, 'py>>(
    fields: &Bound<'py, PyDict>,
    name: &str,
) -> PyResult<T> {
    let value = fields
        .get_item(name)?
        .ok_or_else(|| PyTypeError::new_err(format!("a HandView needs the field {name}")))?;
    value.extract::<T>().map_err(|_| {
        PyTypeError::new_err(format!(
            "HandView field {name} has the wrong type ({})",
            value.get_type()
        ))
    })
}

/// `value` if it is in `0..end` (`what` names it in the error).
fn index_below(value: i64, end: usize, what: &str) -> Result<usize, String> {
    usize::try_from(value)
        .ok()
        .filter(|&index| index < end)
        .ok_or_else(|| format!("{what} {value} is not one of 0..{end}"))
}

/// The `number`th event given to `HandView(...)` for the view of `seat` in a hand of `seats`,
/// checked as the engine makes events ([`event_fields`]); an error names the event and what is
/// wrong with it.
fn checked_event(number: usize, event: GivenEvent, seat: usize, seats: usize) -> PyResult<Event> {
    let kind = event.0.clone();
    event_fields(event, seat, seats).map_err(|why| {
        to_py(Error::InvalidArgument(format!(
            "HandView event {number} ('{kind}'): {why}"
        )))
    })
}

/// `event` as the engine's [`Event`] if the engine could have made it and shown it to
/// `viewer`: a known kind, seats of the hand, seen by every seat or by `viewer` alone, no
/// negative amount, a blind's name on a `blind` alone ([`checked_blind`]), an award on an
/// `award` alone ([`checked_award`]).
fn event_fields(event: GivenEvent, viewer: usize, seats: usize) -> Result<Event, String> {
    let (name, seat, to, amount, cards, blind, award) = event;
    let kind = EventKind::from_name(&name).ok_or_else(|| "not an event kind".to_string())?;
    let seat = seat.map(|s| index_below(s, seats, "seat")).transpose()?;
    let to = to.map(|s| index_below(s, seats, "to (seat)")).transpose()?;
    if let Some(to) = to.filter(|&to| to != viewer) {
        return Err(format!(
            "seen by seat {to} alone, not by this view's seat {viewer}"
        ));
    }
    let amount = u64::try_from(amount).map_err(|_| format!("amount {amount} is negative"))?;
    let blind = checked_blind(kind, blind.as_deref())?;
    let award = match (kind == EventKind::Award, award) {
        (true, Some(_)) if seat.is_none() => return Err("an award needs its seat".to_string()),
        (true, Some(award)) => Some(checked_award(award)?),
        (true, None) => return Err("an award needs its award (pot, pots, share, strength)".into()),
        (false, Some(_)) => return Err("only an award has an award".to_string()),
        (false, None) => None,
    };
    let detail = match (blind, award) {
        (Some(blind), _) => Detail::Blind(blind),
        (_, Some(award)) => Detail::Award(award),
        (None, None) => Detail::None,
    };
    Ok(Event {
        kind,
        seat,
        to,
        amount,
        cards,
        detail,
    })
}

/// The blind a `blind` event names; refuses a `blind` event without the name of a blind, and a
/// name on any other event.
fn checked_blind(kind: EventKind, blind: Option<&str>) -> Result<Option<Blind>, String> {
    match (kind == EventKind::Blind, blind) {
        (true, Some(name)) => [Blind::Small, Blind::Big]
            .into_iter()
            .find(|blind| blind.name() == name)
            .map(Some)
            .ok_or_else(|| format!("a blind is 'small' or 'big', not '{name}'")),
        (true, None) => Err("a blind needs its blind ('small' or 'big')".to_string()),
        (false, Some(name)) => Err(format!("only a blind names a blind ('{name}')")),
        (false, None) => Ok(None),
    }
}

/// An award's `(pot, pots, share, strength)`, checked: at least one pot and `pot` one of
/// them, a share an award has (`drawpoker.engine.events.AWARD_SHARES`), a strength a ranking
/// gives.
fn checked_award(award: (i64, i64, String, Option<i64>)) -> Result<Award, String> {
    let (pot, pots, share, strength) = award;
    let pots = usize::try_from(pots)
        .ok()
        .filter(|&pots| pots > 0)
        .ok_or_else(|| format!("award pots {pots} is not a number of pots (1 or more)"))?;
    let pot = index_below(pot, pots, "award pot")?;
    let shares = [Share::Whole, Share::High, Share::Low];
    let share = (shares.into_iter())
        .find(|known| known.name() == share)
        .ok_or_else(|| {
            let [whole, high, low] = shares.map(Share::name);
            format!("award share '{share}' is not '{whole}', '{high}' or '{low}'")
        })?;
    let strength = strength
        .map(|value| {
            u16::try_from(value).map_err(|_| format!("award strength {value} is out of range"))
        })
        .transpose()?;
    Ok(Award {
        pot,
        pots,
        share,
        strength,
    })
}

/// The refusal of a view whose field `name` is wrong for `why`.
fn wrong_field(name: &str, why: impl std::fmt::Display) -> PyErr {
    to_py(Error::InvalidArgument(format!(
        "HandView field {name}: {why}"
    )))
}

/// Legal actions given to `HandView(...)` with their kinds read, or an error naming the first
/// kind that is no action's.
fn checked_legal(legal: LegalOf<String, String>) -> PyResult<LegalOf<ActionKind, String>> {
    let (seat, names, call, min_to, max_to, step, max_discards, presets) = legal;
    let kinds = (names.iter())
        .map(|name| action::action_kind(name))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|why| wrong_field("legal", why))?;
    Ok((
        seat,
        kinds,
        call,
        min_to,
        max_to,
        step,
        max_discards,
        presets,
    ))
}

/// `value` of the field `name` if it is one of the `seats`.
fn a_seat(name: &str, value: usize, seats: usize) -> PyResult<usize> {
    if value < seats {
        return Ok(value);
    }
    let why = format!("{value} is not one of the seats 0..{seats}");
    Err(wrong_field(name, why))
}

/// The draw limit of street `street` of `game` (a `GameSpec`), for a view made from plain data
/// whose seat may draw.
fn street_draw_limit(game: &Bound<'_, PyAny>, street: usize) -> PyResult<Option<DrawLimit>> {
    let draw = game
        .getattr("streets")
        .and_then(|streets| streets.get_item(street))
        .and_then(|street| street.getattr("draw"))
        .and_then(|draw| draw.extract::<Option<String>>())
        .map_err(|_| {
            PyTypeError::new_err(format!(
                "HandView field game has no street {street} with a draw"
            ))
        })?;
    draw.map(|name| DrawLimit::from_name(&name).map_err(to_py))
        .transpose()
}

/// An action's kind, amount and cards, as Python sent them.
type ActionParts = (String, i64, Vec<i64>);

/// `action`'s kind, amount and cards as the engine takes them, checked by the same Python
/// function as `Hand.why_illegal` checks them with (`drawpoker.engine.actions.checked_action`),
/// or why they are not an action's.
fn checked_action(action: &Bound<'_, PyAny>) -> PyResult<Result<ActionParts, String>> {
    let py = action.py();
    let check = CHECKED_ACTION.import(py, "drawpoker.engine.actions", "checked_action")?;
    match check.call1((action,)) {
        Ok(parts) => Ok(Ok(parts.extract()?)),
        Err(error) => {
            let illegal = ILLEGAL_ACTION.import(py, "drawpoker.errors", "IllegalActionError")?;
            if error.is_instance(py, illegal) {
                Ok(Err(error.value(py).str()?.to_string()))
            } else {
                Err(error)
            }
        }
    }
}

#[pymethods]
impl SeatView {
    /// A view from plain data: every field by name. The legal kinds are read once, here; an
    /// unknown kind, a malformed event or a view no seat could see is refused with
    /// ``InvalidArgumentError`` naming the field.
    #[new]
    #[pyo3(signature = (**fields))]
    fn from_fields(fields: Option<&Bound<'_, PyDict>>) -> PyResult<SeatView> {
        let Some(fields) = fields else {
            return Err(PyTypeError::new_err("a HandView needs every field by name"));
        };
        if let Some(unknown) = fields
            .keys()
            .iter()
            .map(|k| k.to_string())
            .find(|k| !FIELDS.contains(&k.as_str()))
        {
            return Err(PyTypeError::new_err(format!(
                "a HandView has no field {unknown}"
            )));
        }
        let legal = field::<Option<LegalOf<String, String>>>(fields, "legal")?
            .map(checked_legal)
            .transpose()?;
        let seats: usize = field(fields, "seats")?;
        let seat = a_seat("seat", field(fields, "seat")?, seats)?;
        let events = field::<Vec<GivenEvent>>(fields, "events")?
            .into_iter()
            .enumerate()
            .map(|(number, event)| checked_event(number, event, seat, seats))
            .collect::<PyResult<Vec<_>>>()?;
        let revealed: Bound<'_, PyDict> = field(fields, "revealed")?;
        let street: usize = field(fields, "street")?;
        let game: Bound<'_, PyAny> = field(fields, "game")?;
        let may_draw = (legal.as_ref()).is_some_and(|legal| legal.1.contains(&ActionKind::Draw));
        let draw_limit = if may_draw {
            street_draw_limit(&game, street)?
        } else {
            None
        };
        let view = SeatView {
            seat,
            seats,
            button: field(fields, "button")?,
            street,
            phase: Cow::Owned(field(fields, "phase")?),
            actor: field(fields, "actor")?,
            dead: field(fields, "dead")?,
            current_bet: field(fields, "current_bet")?,
            seen: Seen::Fields(Box::new(Fields {
                cards: field(fields, "cards")?,
                card_counts: field(fields, "card_counts")?,
                stacks: field(fields, "stacks")?,
                bets: field(fields, "bets")?,
                committed: field(fields, "committed")?,
                live: field(fields, "live")?,
                drawn: field(fields, "drawn")?,
                revealed: revealed
                    .iter()
                    .map(|(seat, cards)| Ok((seat.extract()?, cards.extract()?)))
                    .collect::<PyResult<_>>()
                    .map_err(|_: PyErr| {
                        PyTypeError::new_err("HandView field revealed maps seats to cards")
                    })?,
                legal,
                draw_limit,
                board: field(fields, "board")?,
                up_cards: field(fields, "up_cards")?,
                events,
            })),
            game: game.unbind(),
            events: PyOnceLock::new(),
            known: None,
        };
        view.check_seen()?;
        Ok(view)
    }

    /// The phase of the hand: ``bet``, ``draw`` or ``done``.
    #[getter]
    fn phase(&self) -> &str {
        &self.phase
    }
    /// This seat's own cards.
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().cards)
    }
    /// How many cards each seat holds.
    #[getter]
    fn card_counts<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        match &self.seen {
            Seen::Hand { state, .. } => PyTuple::new(py, state.cards.iter().map(Vec::len)),
            Seen::Fields(fields) => PyTuple::new(py, &fields.card_counts),
        }
    }
    /// Each seat's chips behind.
    #[getter]
    fn stacks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().stacks)
    }
    /// Each seat's bet in the betting round.
    #[getter]
    fn bets<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().bets)
    }
    /// Each seat's chips put into the hand so far.
    #[getter]
    fn committed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().committed)
    }
    /// Whether each seat is still in the hand (has not folded).
    #[getter]
    fn live<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().live)
    }
    /// How many cards each seat exchanged in the latest draw (-1: has not drawn).
    #[getter]
    fn drawn<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().drawn)
    }
    /// The hands shown so far, by seat.
    #[getter]
    fn revealed<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let revealed = PyDict::new(py);
        for (shown, cards) in self.rows().revealed {
            revealed.set_item(shown, PyTuple::new(py, cards)?)?;
        }
        Ok(revealed)
    }
    /// This seat's legal actions (a ``LegalActions``) on its turn, else ``None``.
    #[getter]
    fn legal<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        match &self.seen {
            Seen::Hand { legal, .. } => legal
                .as_ref()
                .map(|l| {
                    let kinds = l.kinds.iter().map(|k| k.name());
                    let parts = (l.seat, kinds, l.call, l.min_to, l.max_to, l.step);
                    legal_object(py, parts, l.max_discards, &l.presets)
                })
                .transpose(),
            Seen::Fields(fields) => fields
                .legal
                .as_ref()
                .map(
                    |(seat, kinds, call, min_to, max_to, step, discards, presets)| {
                        let kinds = kinds.iter().map(|kind| kind.name());
                        let parts = (*seat, kinds, *call, *min_to, *max_to, *step);
                        legal_object(py, parts, *discards, presets)
                    },
                )
                .transpose(),
        }
    }
    /// The board cards.
    #[getter]
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.rows().board)
    }
    /// Every seat's face-up cards (stud).
    #[getter]
    fn up_cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let rows = match &self.seen {
            Seen::Hand { state, .. } => (0..state.seats)
                .map(|seat| PyTuple::new(py, state.up_cards(seat)))
                .collect::<PyResult<Vec<_>>>()?,
            Seen::Fields(fields) => fields
                .up_cards
                .iter()
                .map(|row| PyTuple::new(py, row))
                .collect::<PyResult<Vec<_>>>()?,
        };
        PyTuple::new(py, rows)
    }
    /// The events this seat may see, in order (each an ``Event``): made at the first read, the
    /// same tuple at every read after it.
    #[getter]
    fn events<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.events
            .get_or_try_init(py, || self.make_events(py).map(Bound::unbind))
            .map(|events| events.bind(py).clone())
    }
    /// Every chip committed to the hand so far.
    #[getter]
    fn pot(&self) -> u64 {
        self.rows().committed.iter().sum::<u64>() + self.dead
    }

    /// Why this seat may not play `action` now, or ``None`` when it may: the hand's own verdict
    /// (``Hand.why_illegal`` refuses the same actions), read from this view alone, its legal
    /// actions and its own cards. A CPU player that holds only its view checks its choice with
    /// it.
    ///
    /// ```python
    /// >>> from drawpoker.engine import Action, Hand, game
    /// >>> hand = Hand(game("holdem"), [1000, 1000], seed=1)
    /// >>> view = hand.view(hand.actor)
    /// >>> [view.why_illegal(Action.raise_to(to)) for to in (150, 300)]
    /// ['150 is not a legal total: any from 200 to 1000', None]
    /// >>> view.why_illegal(Action.check()), view.why_illegal(Action("shove"))
    /// ('check is not open now (legal now: fold, call, raise)', "unknown action 'shove'")
    /// >>> hand.view(1 - hand.actor).why_illegal(Action.fold())
    /// 'seat 0 is to act, not seat 1'
    ///
    /// ```
    fn why_illegal(&self, action: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
        let (kind, amount, cards) = match checked_action(action)? {
            Ok(parts) => parts,
            Err(reason) => return Ok(Some(reason)),
        };
        let (kind, discards) = match action::parsed(&kind, &cards) {
            Ok(parsed) => parsed,
            Err(reason) => return Ok(Some(reason)),
        };
        let Some((kinds, bounds)) = self.turn() else {
            let reason = match self.actor {
                Some(actor) => format!("seat {actor} is to act, not seat {}", self.seat),
                None => "the hand is over".into(),
            };
            return Ok(Some(reason));
        };
        let cards = self.rows().cards;
        Ok(why_seat_may_not(
            kinds, bounds, cards, kind, amount, &discards,
        ))
    }

    /// The hand as a seat's state on the site shows it (``drawpoker.site.seatview.hand_json``),
    /// as the JSON text of an object, written as the site's ``orjson`` writes one: ``hand``
    /// (the index of the hand at the table), the public facts, the seat's ``cards``, each seat's
    /// up cards (``up``), the board, the chips (``bets`` in front of the seats only while a
    /// betting round is played, ``pots`` without them, the first with the dead chips), the
    /// ``blinds`` posted, the hands ``shown`` (each described by ``words(strength, ranking)``,
    /// asked only then; in a hi/lo game with its ``low`` too), the cards ``exposed``, the
    /// chips ``won`` and ``returned``, the ``redeals``, the ``winners`` once the hand is over
    /// and the ``awards`` per pot. What a watcher is shown is the text of the view
    /// ``drawpoker.site.seatview.public_view`` leaves (no cards of the seat's own, only the
    /// events every seat sees).
    ///
    /// ```python
    /// >>> import json
    /// >>> from drawpoker.engine import Hand, game
    /// >>> hand = Hand(game("holdem"), [1000, 1000], seed=1)
    /// >>> text = hand.view(0).felt_json(4, [], str); text[:46]
    /// '{"hand":4,"button":0,"street":0,"phase":"bet",'
    /// >>> felt = json.loads(text); felt["cards"], felt["pot"], felt["pots"], felt["blinds"][0]
    /// (['6c', '9c'], 150, [], {'seat': 0, 'amount': 50, 'name': 'SB'})
    ///
    /// ```
    fn felt_json(
        &self,
        py: Python<'_>,
        hand: usize,
        winners: Vec<usize>,
        words: &Bound<'_, PyAny>,
    ) -> PyResult<String> {
        felt::felt(self, py, hand, &winners, words)
    }

    /// Every set of its cards the seat may discard now, as masks (bit ``i`` for its card
    /// ``i``), in ascending order: none off its draw. A hand of more than 16 cards is refused
    /// (``InvalidArgumentError``).
    ///
    /// ```python
    /// >>> from drawpoker.engine import Hand, game
    /// >>> hand = Hand(game("2-7-single-draw"), [500, 500], seed=3)
    /// >>> hand.view(0).draw_masks()
    /// []
    /// >>> hand.call(); hand.check(); masks = hand.view(hand.actor).draw_masks()
    /// >>> len(masks), masks[:4], masks[-1]  # any of the five cards, none to all
    /// (32, [0, 1, 2, 3], 31)
    ///
    /// ```
    fn draw_masks(&self) -> PyResult<Vec<u32>> {
        felt::draw_masks(self)
    }

    /// Every field by name.
    fn _asdict<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyDict>> {
        let fields = PyDict::new(slf.py());
        for name in FIELDS {
            fields.set_item(name, slf.getattr(name)?)?;
        }
        Ok(fields)
    }

    /// What `pickle` rebuilds the view from: its fields by name, given to `SeatView(**fields)`
    /// (so a view can go to a process pool with the player that reads it).
    fn __getnewargs_ex__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyTuple>, Bound<'py, PyDict>)> {
        Ok((PyTuple::empty(slf.py()), SeatView::_asdict(slf)?))
    }

    /// A copy with `changes` made.
    #[pyo3(signature = (**changes))]
    fn _replace(slf: &Bound<'_, Self>, changes: Option<&Bound<'_, PyDict>>) -> PyResult<SeatView> {
        let fields = SeatView::_asdict(slf)?;
        if let Some(changes) = changes {
            fields.update(changes.as_mapping())?;
        }
        SeatView::from_fields(Some(&fields))
    }

    fn __richcmp__(
        slf: &Bound<'_, Self>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let Ok(other) = other.cast::<SeatView>() else {
            return Ok(py.NotImplemented());
        };
        let same = SeatView::_asdict(slf)?.eq(SeatView::_asdict(other)?)?;
        match op {
            CompareOp::Eq => Ok(same.into_pyobject(py)?.to_owned().into_any().unbind()),
            CompareOp::Ne => Ok((!same).into_pyobject(py)?.to_owned().into_any().unbind()),
            _ => Ok(py.NotImplemented()),
        }
    }

    /// The view in short, cards as text (`drawpoker.engine.events.view_repr`).
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        let show = VIEW_REPR.import(py, "drawpoker.engine.events", "view_repr")?;
        show.call1((slf,))?.extract()
    }
}
