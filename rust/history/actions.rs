//! A hand's events as the `actions` of a PHH hand history (the Poker Hand History standard,
//! github.com/uoftcprg/phh-std), for the house (every card) or for one seat (the cards it did
//! not see written `??`).
//!
//! The players are the seats dealt in, from the first seat left of the button (`p1`) round to
//! the button; forced bets are not actions in PHH. A check or call is `pN cc`, a bet or raise
//! `pN cbr TOTAL`, a fold `pN f`; a draw is each player's `pN sd CARDS` (the discards, none to
//! stand pat) followed, once every player drew, by the new cards of each, `d dh pN CARDS`, as
//! the standard's example writes it; a redeal (nobody opened) is the commentary `# redeal`; a
//! hand tabled when an all-in ends the betting, or shown at the showdown, is `pN sm CARDS`
//! (once, or again when cards were dealt to it since, as PokerKit writes it). Stud: a street's cards to a seat are one `d dh pN CARDS`, its down cards first
//! and then its up cards, as the standard's hole dealing (which has no up/down mark) and
//! PokerKit write them; a seat's copy shows the others' up cards and hides their down cards
//! (`d dh p2 ????Ac`); the bring-in is `pN pb`, a card dealt to the board when the stub
//! cannot give every seat its seventh-street card `d db CARD`. Cards are two characters each,
//! the joker `Jk` (no card of the standard).

use crate::card::{format_card, rank, suit, Card, DECK_SIZE, RANK_CHARS, SUIT_CHARS};
use crate::engine::event::{Event, EventKind};
use crate::error::{Error, Result};

/// The commentary written where a deal nobody opened is dealt again (R-DRAW-5, 6).
pub const REDEAL: &str = "# redeal";

/// The seats dealt in, in PHH order (`p1` first): the seats of the first deal's `deal` events.
pub fn players(events: &[Event]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    for event in events {
        if event.kind == EventKind::Deal {
            match event.seat {
                Some(seat) if !order.contains(&seat) => order.push(seat),
                _ => break,
            }
        } else if !order.is_empty() {
            break;
        }
    }
    order
}

fn push_cards(line: &mut String, cards: &[Card], hidden: bool) {
    for &card in cards {
        if hidden {
            line.push_str("??");
        } else if (card as usize) < DECK_SIZE {
            line.push(RANK_CHARS[rank(card) as usize] as char);
            line.push(SUIT_CHARS[suit(card) as usize] as char);
        } else {
            line.push_str(&format_card(card)); // the joker: "Jk"
        }
    }
}

/// Writes the hands tabled together, from `aggressor` (when one bet) round the table.
fn flush_tabled(
    out: &mut Vec<String>,
    tabled: &mut Vec<(Option<usize>, String)>,
    order: &[usize],
    aggressor: Option<usize>,
) {
    let place = |seat: Option<usize>| seat.and_then(|s| order.iter().position(|&o| o == s));
    if let Some(first) = place(aggressor) {
        let n = order.len();
        tabled.sort_by_key(|(seat, _)| (place(*seat).unwrap_or(0) + n - first) % n);
    }
    out.extend(tabled.drain(..).map(|(_, line)| line));
}

/// The PHH actions of `events` (a hand's, in order) and the seats of `p1`, `p2`, ...; with
/// `viewer`, the copy of that seat: the others' cards dealt, discarded and drawn are `??` (the
/// board and the hands tabled or shown are public).
pub fn actions(events: &[Event], viewer: Option<usize>) -> Result<(Vec<usize>, Vec<String>)> {
    let order = players(events);
    if order.is_empty() {
        return Err(Error::InvalidArgument(
            "a hand history starts with the deal: this hand dealt no cards".into(),
        ));
    }
    let max_seat = order.iter().copied().max().unwrap_or(0);
    let mut label = vec![String::new(); max_seat + 1];
    for (k, &seat) in order.iter().enumerate() {
        label[seat] = format!("p{}", k + 1);
    }
    let name = |seat: Option<usize>| -> Result<&str> {
        seat.and_then(|s| label.get(s))
            .filter(|l| !l.is_empty())
            .map(String::as_str)
            .ok_or_else(|| Error::InvalidArgument(format!("seat {seat:?} was not dealt in")))
    };
    let hidden = |seat: Option<usize>| viewer.is_some() && seat != viewer;
    let mut out: Vec<String> = Vec::with_capacity(events.len());
    let mut receipts: Vec<String> = Vec::new();
    let mut drew: Vec<Option<usize>> = Vec::new(); // the seats that drew in this draw
    let mut discards: Vec<(Option<usize>, &[Card])> = Vec::new();
    // The seats whose hands were tabled or shown, and how many cards each showed.
    let mut shown: Vec<(usize, usize)> = Vec::new();
    // The hands tabled when the betting ended (written from the last bettor or raiser round
    // the table, the showdown's order, as PokerKit reads them), and that seat.
    let mut tabled: Vec<(Option<usize>, String)> = Vec::new();
    let mut aggressor: Option<usize> = None;
    // A street's deals, one line a seat: whether its down cards still wait for the seat's up
    // cards (stud's third street), the seat, the line.
    let mut street: Vec<(bool, Option<usize>, String)> = Vec::new();
    for event in events {
        let kind = event.kind;
        let drawing = matches!(
            kind,
            EventKind::Discard | EventKind::Receive | EventKind::Draw | EventKind::Reshuffle
        );
        // A seat drawing again starts the next draw (no betting between: all in).
        let again =
            matches!(kind, EventKind::Discard | EventKind::Draw) && drew.contains(&event.seat);
        if !receipts.is_empty() && (!drawing || again) {
            out.append(&mut receipts);
        }
        if !drawing || again {
            drew.clear();
        }
        if !tabled.is_empty() && kind != EventKind::Expose {
            flush_tabled(&mut out, &mut tabled, &order, aggressor);
        }
        if matches!(kind, EventKind::Bet | EventKind::Raise) {
            aggressor = event.seat;
        }
        if !street.is_empty() && !matches!(kind, EventKind::Deal | EventKind::Up) {
            out.extend(street.drain(..).map(|(_, _, line)| line));
        }
        let mut line = String::with_capacity(24);
        match kind {
            EventKind::Check | EventKind::Call => {
                line.push_str(name(event.seat)?);
                line.push_str(" cc");
            }
            EventKind::Fold => {
                line.push_str(name(event.seat)?);
                line.push_str(" f");
            }
            EventKind::Bet | EventKind::Raise => {
                line.push_str(name(event.seat)?);
                line.push_str(" cbr ");
                line.push_str(&event.amount.to_string());
            }
            EventKind::Deal | EventKind::Up => {
                let face_down = kind == EventKind::Deal;
                let waiting = street
                    .iter()
                    .position(|(open, seat, _)| *open && *seat == event.seat);
                let entry = match waiting {
                    Some(i) if !face_down => &mut street[i],
                    _ => {
                        line.push_str("d dh ");
                        line.push_str(name(event.seat)?);
                        line.push(' ');
                        street.push((face_down, event.seat, line));
                        street.last_mut().expect("just pushed")
                    }
                };
                entry.0 = face_down;
                push_cards(&mut entry.2, &event.cards, face_down && hidden(event.seat));
                continue;
            }
            EventKind::BringIn => {
                line.push_str(name(event.seat)?);
                line.push_str(" pb");
            }
            EventKind::Board => {
                line.push_str("d db ");
                push_cards(&mut line, &event.cards, false);
            }
            EventKind::Discard => {
                discards.push((event.seat, &event.cards));
                continue;
            }
            EventKind::Receive => {
                line.push_str("d dh ");
                line.push_str(name(event.seat)?);
                line.push(' ');
                push_cards(&mut line, &event.cards, hidden(event.seat));
                receipts.push(line);
                continue;
            }
            EventKind::Draw => {
                drew.push(event.seat);
                line.push_str(name(event.seat)?);
                line.push_str(" sd");
                if let Some(i) = discards.iter().position(|(s, _)| *s == event.seat) {
                    let (_, cards) = discards.swap_remove(i);
                    line.push(' ');
                    push_cards(&mut line, cards, hidden(event.seat));
                }
            }
            EventKind::Redeal => {
                shown.clear();
                line.push_str(REDEAL);
            }
            EventKind::Expose | EventKind::Show => {
                let seat = event.seat.unwrap_or(usize::MAX);
                let count = event.cards.len();
                match shown.iter_mut().find(|(s, _)| *s == seat) {
                    // Shown again only with cards dealt since (stud: tabled on fifth street).
                    Some((_, before)) if *before >= count => continue,
                    Some((_, before)) => *before = count,
                    None => shown.push((seat, count)),
                }
                line.push_str(name(event.seat)?);
                line.push_str(" sm ");
                push_cards(&mut line, &event.cards, false);
                if kind == EventKind::Expose {
                    tabled.push((event.seat, line));
                    continue;
                }
            }
            _ => continue,
        }
        out.push(line);
    }
    flush_tabled(&mut out, &mut tabled, &order, aggressor);
    out.extend(street.into_iter().map(|(_, _, line)| line));
    out.append(&mut receipts);
    Ok((order, out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::event::Detail;

    fn event(
        kind: EventKind,
        seat: usize,
        to: Option<usize>,
        amount: u64,
        cards: &[Card],
    ) -> Event {
        Event {
            kind,
            seat: Some(seat),
            to,
            amount,
            cards: cards.to_vec(),
            detail: Detail::None,
        }
    }

    #[test]
    fn a_draw_is_written_discards_first_then_the_new_cards() {
        let events = vec![
            event(EventKind::Ante, 1, None, 10, &[]),
            event(EventKind::Deal, 1, Some(1), 0, &[51, 50, 49, 48, 52]),
            event(EventKind::Deal, 0, Some(0), 0, &[0, 1, 2, 3, 4]),
            event(EventKind::Bet, 1, None, 20, &[]),
            event(EventKind::Call, 0, None, 20, &[]),
            event(EventKind::Discard, 1, Some(1), 1, &[52]),
            event(EventKind::Receive, 1, Some(1), 1, &[47]),
            event(EventKind::Draw, 1, None, 1, &[]),
            event(EventKind::Draw, 0, None, 0, &[]),
            event(EventKind::Check, 1, None, 0, &[]),
        ];
        let mut all_in = events[..9].to_vec();
        all_in.extend([
            event(EventKind::Discard, 1, Some(1), 1, &[47]),
            event(EventKind::Receive, 1, Some(1), 1, &[46]),
            event(EventKind::Draw, 1, None, 1, &[]),
            event(EventKind::Draw, 0, None, 0, &[]),
        ]);
        let (_, draws) = actions(&all_in, None).unwrap();
        assert_eq!(
            draws[4..],
            [
                "p1 sd Jk",
                "p2 sd",
                "d dh p1 Ks",
                "p1 sd Ks",
                "p2 sd",
                "d dh p1 Kh"
            ]
        );
        let (order, house) = actions(&events, None).unwrap();
        assert_eq!(order, vec![1, 0]);
        assert_eq!(
            house,
            vec![
                "d dh p1 AsAhAdAcJk",
                "d dh p2 2c2d2h2s3c",
                "p1 cbr 20",
                "p2 cc",
                "p1 sd Jk",
                "p2 sd",
                "d dh p1 Ks",
                "p1 cc",
            ]
        );
        let (_, seat) = actions(&events, Some(0)).unwrap();
        assert_eq!(seat[0], "d dh p1 ??????????");
        assert_eq!(seat[4], "p1 sd ??");
        assert_eq!(seat[6], "d dh p1 ??");
    }

    #[test]
    fn a_stud_street_is_one_line_a_seat_down_cards_hidden_up_cards_shown() {
        let events = vec![
            event(EventKind::Ante, 0, None, 1, &[]),
            event(EventKind::Deal, 0, Some(0), 0, &[51, 50]),
            event(EventKind::Deal, 1, Some(1), 0, &[0, 1]),
            event(EventKind::Up, 0, None, 0, &[49]),
            event(EventKind::Up, 1, None, 0, &[2]),
            event(EventKind::BringIn, 1, None, 2, &[]),
            event(EventKind::Call, 0, None, 2, &[]),
            event(EventKind::Up, 0, None, 0, &[48]),
            event(EventKind::Up, 1, None, 0, &[3]),
            event(EventKind::Check, 0, None, 0, &[]),
            event(EventKind::Deal, 0, Some(0), 0, &[47]),
            event(EventKind::Deal, 1, Some(1), 0, &[4]),
        ];
        let (order, house) = actions(&events, None).unwrap();
        assert_eq!(order, vec![0, 1]);
        assert_eq!(
            house,
            vec![
                "d dh p1 AsAhAd",
                "d dh p2 2c2d2h",
                "p2 pb",
                "p1 cc",
                "d dh p1 Ac",
                "d dh p2 2s",
                "p1 cc",
                "d dh p1 Ks",
                "d dh p2 3c",
            ]
        );
        let mut run_out = events[..5].to_vec();
        run_out.extend([
            event(EventKind::Up, 0, None, 0, &[48]),
            event(EventKind::Up, 1, None, 0, &[3]),
            event(EventKind::Up, 0, None, 0, &[47]),
            event(EventKind::Up, 1, None, 0, &[4]),
        ]);
        let (_, streets) = actions(&run_out, None).unwrap();
        assert_eq!(
            streets[2..],
            ["d dh p1 Ac", "d dh p2 2s", "d dh p1 Ks", "d dh p2 3c"]
        );
        let (_, seat) = actions(&events, Some(0)).unwrap();
        assert_eq!(seat[1], "d dh p2 ????2h");
        assert_eq!(seat[5], "d dh p2 2s");
        assert_eq!(seat[8], "d dh p2 ??");
        assert_eq!(seat[0], "d dh p1 AsAhAd");
    }

    #[test]
    fn a_hand_shown_twice_is_written_once_and_no_deal_is_refused() {
        let events = vec![
            event(EventKind::Deal, 0, Some(0), 0, &[51, 50]),
            event(EventKind::Deal, 1, Some(1), 0, &[0, 1]),
            event(EventKind::Expose, 0, None, 0, &[51, 50]),
            event(EventKind::Board, 0, None, 0, &[2, 3, 4]),
            event(EventKind::Show, 0, None, 7000, &[51, 50]),
        ];
        let (_, written) = actions(&events, Some(1)).unwrap();
        assert_eq!(
            written,
            vec!["d dh p1 ????", "d dh p2 2c2d", "p1 sm AsAh", "d db 2h2s3c"]
        );
        assert!(actions(&[], None).is_err());
    }
}
