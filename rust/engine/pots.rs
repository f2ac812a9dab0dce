//! Pots shared by every game: uncalled bets, side pots from all-ins, and splitting with odd
//! chips (RULES.md section 3). Amounts are integers in the game's smallest chip unit;
//! `committed[seat]` is everything a seat put in during the hand, `live[seat]` says it has not
//! folded.

use super::event::Share;

/// A layer of chips and the seats that may win it (paid into it and not folded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pot {
    pub amount: u64,
    pub eligible: Vec<usize>,
}

/// `(seat, chips)` of a bet no one matched, to return to its maker before awarding (R-POT-2).
///
/// ```
/// use drawpoker::engine::pots::uncalled_bet;
/// assert_eq!(uncalled_bet(&[10, 50, 30]), Some((1, 20)));
/// assert_eq!(uncalled_bet(&[30, 30, 10]), None);
/// assert_eq!(uncalled_bet(&[60, 10, 60, 90]), Some((3, 30)));
/// assert_eq!(uncalled_bet(&[90, 10, 90, 0]), None);
/// ```
pub fn uncalled_bet(committed: &[u64]) -> Option<(usize, u64)> {
    if committed.len() < 2 {
        return None;
    }
    // The largest and the second largest (the largest again when two seats put it in).
    let seat = (0..committed.len()).rev().max_by_key(|&s| committed[s])?;
    let top = committed[seat];
    let second = (committed.iter().enumerate())
        .filter(|&(s, _)| s != seat)
        .map(|(_, &c)| c)
        .max()?;
    (top > second).then_some((seat, top - second))
}

/// The main pot and side pots, smallest layer first (R-POT-1).
///
/// Each layer holds what every seat paid between two all-in levels and is contested by the live
/// seats that paid all of it; folded seats' chips stay in the layers they paid into.
/// Neighbouring layers with the same contestants are one pot; a layer no live seat reached
/// (only possible when an uncalled bet was not returned) joins the pot below it.
///
/// ```
/// use drawpoker::engine::pots::side_pots;
/// let pots = side_pots(&[50, 100, 200, 200], &[true; 4]);
/// let layers: Vec<_> = pots.iter().map(|p| (p.amount, p.eligible.clone())).collect();
/// assert_eq!(layers, [(200, vec![0, 1, 2, 3]), (150, vec![1, 2, 3]), (200, vec![2, 3])]);
/// ```
pub fn side_pots(committed: &[u64], live: &[bool]) -> Vec<Pot> {
    let mut pots = Vec::new();
    let count = side_pots_into(committed, live, &mut Vec::new(), &mut pots);
    pots.truncate(count);
    pots
}

/// [`side_pots`] written over `pots` (its first pots and their `eligible` vectors used again,
/// the rest kept for next time), with `levels` as scratch: how many pots there are, the pots
/// being `pots[..count]`. The engine's showdown keeps both vectors from hand to hand and so
/// allocates nothing for its pots.
///
/// ```
/// use drawpoker::engine::pots::{side_pots, side_pots_into, Pot};
/// let mut pots = vec![Pot { amount: 7, eligible: vec![5, 6, 7, 8] }; 4];
/// let count = side_pots_into(&[50, 100, 200, 200], &[true; 4], &mut Vec::new(), &mut pots);
/// assert_eq!(pots[..count], side_pots(&[50, 100, 200, 200], &[true; 4]));
/// assert_eq!(pots.len(), 4); // the unused pot is kept
/// ```
pub fn side_pots_into(
    committed: &[u64],
    live: &[bool],
    levels: &mut Vec<u64>,
    pots: &mut Vec<Pot>,
) -> usize {
    // The usual showdown: every live seat paid the most anyone paid. Then every layer has the
    // same contestants and the layers are one pot, found without sorting the levels.
    let most = committed.iter().copied().max().unwrap_or(0);
    let paid_most = |(&paid, &live): (&u64, &bool)| !live || paid == most;
    if most > 0 && live.iter().any(|&l| l) && committed.iter().zip(live).all(paid_most) {
        if pots.is_empty() {
            pots.push(Pot {
                amount: 0,
                eligible: Vec::new(),
            });
        }
        let pot = &mut pots[0];
        pot.amount = committed.iter().sum();
        pot.eligible.clear();
        pot.eligible
            .extend((0..committed.len()).filter(|&s| live[s]));
        return 1;
    }
    levels.clear();
    levels.extend(committed.iter().copied().filter(|&c| c > 0));
    levels.sort_unstable();
    levels.dedup();
    let mut count = 0;
    let mut previous = 0;
    for &level in levels.iter() {
        let amount: u64 = committed
            .iter()
            .map(|&c| c.min(level) - c.min(previous))
            .sum();
        // The layer's contestants, made in the next free pot (a new one only when none is left).
        if pots.len() == count {
            pots.push(Pot {
                amount: 0,
                eligible: Vec::new(),
            });
        }
        let (made, free) = pots.split_at_mut(count);
        let layer = &mut free[0];
        layer.eligible.clear();
        layer
            .eligible
            .extend((0..committed.len()).filter(|&s| committed[s] >= level && live[s]));
        match made.last_mut() {
            Some(last) if layer.eligible.is_empty() || last.eligible == layer.eligible => {
                last.amount += amount
            }
            _ => {
                layer.amount = amount;
                count += 1;
            }
        }
        previous = level;
    }
    count
}

/// Shares of `amount` among tied `winners`; odd chips go one at a time in `order` (R-POT-3):
/// `(seat, chips)` in that order.
///
/// ```
/// use drawpoker::engine::pots::split;
/// assert_eq!(split(100, &[3, 1, 0], &[1, 2, 3, 0]), [(1, 34), (3, 33), (0, 33)]);
/// ```
pub fn split(amount: u64, winners: &[usize], order: &[usize]) -> Vec<(usize, u64)> {
    let mut shares = Vec::with_capacity(winners.len());
    split_into(amount, winners, order, &mut shares);
    shares
}

/// [`split`] written over `shares` (no allocation once it has room: the winners are ordered in
/// place, by a sort that needs no buffer for a table's few seats).
fn split_into(amount: u64, winners: &[usize], order: &[usize], shares: &mut Vec<(usize, u64)>) {
    shares.clear();
    shares.extend(winners.iter().map(|&seat| (seat, 0)));
    let place = |seat: usize| order.iter().position(|&s| s == seat).unwrap_or(usize::MAX);
    shares.sort_by_key(|&(seat, _)| place(seat));
    let count = shares.len() as u64;
    let (share, odd) = (amount / count, amount % count);
    for (i, (_, chips)) in shares.iter_mut().enumerate() {
        *chips = share + u64::from((i as u64) < odd);
    }
}

/// Chips each seat wins from `pots`: the best strength among each pot's eligible seats takes
/// it, ties split (R-POT-3). `strength(seat)` is `None` for a seat without a hand; `order`
/// lists every seat (odd chips go in its order).
///
/// ```
/// use drawpoker::engine::pots::{award, Pot};
/// let pots = [Pot { amount: 200, eligible: vec![0, 1, 2, 3] }, Pot { amount: 150, eligible: vec![1, 2, 3] }];
/// let strengths = [9, 5, 5, 1];
/// assert_eq!(award(&pots, |s| Some(strengths[s]), &[1, 2, 3, 0]), [200, 75, 75, 0]);
/// ```
pub fn award<T: Ord + Copy>(
    pots: &[Pot],
    strength: impl Fn(usize) -> Option<T>,
    order: &[usize],
) -> Vec<u64> {
    let strengths: Vec<Option<T>> = (0..order.len()).map(strength).collect();
    award_parts(pots, &[strengths], &[order.to_vec()])
}

/// Chips each seat wins from `pots` in a game of several showdown parts (hi/lo), in total
/// (the sum of [`payouts`] by seat).
///
/// ```
/// use drawpoker::engine::pots::{award_parts, Pot};
/// let pots = [Pot { amount: 101, eligible: vec![0, 1, 2] }];
/// let high = vec![Some(9), Some(5), Some(1)];
/// let low = vec![None, Some(3), Some(3)];
/// let order = vec![0, 1, 2];
/// assert_eq!(award_parts(&pots, &[high, low], &[order.clone(), order]), [51, 25, 25]);
/// ```
pub fn award_parts<T: Ord + Copy>(
    pots: &[Pot],
    strengths: &[Vec<Option<T>>],
    orders: &[Vec<usize>],
) -> Vec<u64> {
    let seats = orders.first().map_or(0, Vec::len);
    let mut totals = vec![0; seats];
    for payout in payouts(pots, strengths, orders) {
        totals[payout.seat] += payout.chips;
    }
    totals
}

/// One winner's chips from one pot: `pot` indexes the pots, `share` is the whole pot or one
/// showdown part's share of it, `strength` the hand that won it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payout<T> {
    pub pot: usize,
    pub share: Share,
    pub seat: usize,
    pub chips: u64,
    pub strength: T,
}

/// Who wins what from `pots` in a game of several showdown parts (hi/lo): each pot is divided
/// among the parts that some eligible seat qualifies for, the first part (the high one) taking
/// the odd chip (R-SPLIT-1; a pot nobody qualifies a low for goes whole to the high, R-A5-4);
/// each part's share goes to its best eligible hands, ties split with odd chips in that part's
/// order (R-POT-3). `strengths[part][seat]` is `None` for no qualifying hand. The payouts come
/// pot by pot, part by part, each part's winners in its odd-chip order; a pot divided among
/// fewer than two parts is paid as [`Share::Whole`].
///
/// ```
/// use drawpoker::engine::event::Share;
/// use drawpoker::engine::pots::{payouts, Pot};
/// let pots = [Pot { amount: 101, eligible: vec![0, 1, 2] }, Pot { amount: 40, eligible: vec![1, 2] }];
/// let high = vec![Some(9), Some(5), Some(1)];
/// let low = vec![None, Some(3), None];
/// let order = vec![0, 1, 2];
/// let paid: Vec<_> = payouts(&pots, &[high, low], &[order.clone(), order])
///     .iter()
///     .map(|p| (p.pot, p.share, p.seat, p.chips, p.strength))
///     .collect();
/// assert_eq!(paid, [
///     (0, Share::High, 0, 51, 9),
///     (0, Share::Low, 1, 50, 3),
///     (1, Share::High, 1, 20, 5),
///     (1, Share::Low, 1, 20, 3),
/// ]);
/// ```
pub fn payouts<T: Ord + Copy>(
    pots: &[Pot],
    strengths: &[Vec<Option<T>>],
    orders: &[Vec<usize>],
) -> Vec<Payout<T>> {
    let mut paid = Vec::new();
    payouts_into(
        pots,
        strengths,
        orders,
        &mut PayoutScratch::default(),
        &mut paid,
    );
    paid
}

/// The vectors [`payouts_into`] works in, kept by its caller from one showdown to the next.
///
/// ```
/// use drawpoker::engine::pots::{payouts_into, PayoutScratch, Pot};
/// let (mut scratch, mut paid) = (PayoutScratch::default(), Vec::new());
/// for amount in [10, 11] {
///     let pots = [Pot { amount, eligible: vec![0, 1] }];
///     payouts_into(&pots, &[vec![Some(3), Some(3)]], &[vec![1, 0]], &mut scratch, &mut paid);
///     assert_eq!(paid.iter().map(|p| p.chips).sum::<u64>(), amount);
/// }
/// assert_eq!((paid[0].seat, paid[0].chips), (1, 6)); // the odd chip goes first in the order
/// ```
#[derive(Debug, Clone, Default)]
pub struct PayoutScratch {
    tied: Vec<usize>,
    shares: Vec<(usize, u64)>,
}

/// [`payouts`] written over `paid`, working in `scratch`: no allocation once the vectors have
/// room (the engine's showdown keeps them from hand to hand).
///
/// ```
/// use drawpoker::engine::pots::{payouts, payouts_into, PayoutScratch, Pot};
/// let pots = [Pot { amount: 101, eligible: vec![0, 1, 2] }];
/// let (high, order) = (vec![Some(9), Some(9), Some(1)], vec![1, 2, 0]);
/// let mut paid = Vec::new();
/// payouts_into(&pots, &[high.clone()], &[order.clone()], &mut PayoutScratch::default(), &mut paid);
/// assert_eq!(paid, payouts(&pots, &[high], &[order]));
/// assert_eq!((paid[0].seat, paid[0].chips, paid[1].seat, paid[1].chips), (1, 51, 0, 50));
/// ```
pub fn payouts_into<T: Ord + Copy>(
    pots: &[Pot],
    strengths: &[Vec<Option<T>>],
    orders: &[Vec<usize>],
    scratch: &mut PayoutScratch,
    paid: &mut Vec<Payout<T>>,
) {
    paid.clear();
    for (index, pot) in pots.iter().enumerate() {
        let best = |by_seat: &[Option<T>]| pot.eligible.iter().filter_map(|&s| by_seat[s]).max();
        // The parts some eligible seat qualifies for divide the pot.
        let parts = strengths
            .iter()
            .filter(|by_seat| best(by_seat).is_some())
            .count() as u64;
        if parts == 0 {
            continue;
        }
        let (share, odd) = (pot.amount / parts, pot.amount % parts);
        let qualified = (strengths.iter().enumerate())
            .filter_map(|(part, by_seat)| best(by_seat).map(|top| (part, by_seat, top)));
        for (i, (part, by_seat, top)) in qualified.enumerate() {
            let amount = share + u64::from((i as u64) < odd);
            let which = if parts == 1 {
                Share::Whole
            } else {
                Share::of_part(part)
            };
            scratch.tied.clear();
            (scratch.tied).extend(
                pot.eligible
                    .iter()
                    .copied()
                    .filter(|&s| by_seat[s] == Some(top)),
            );
            split_into(amount, &scratch.tied, &orders[part], &mut scratch.shares);
            paid.extend(scratch.shares.iter().map(|&(seat, chips)| Payout {
                pot: index,
                share: which,
                seat,
                chips,
                strength: top,
            }));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_pot_1_folded_chips_stay_in_their_layers() {
        let pots = side_pots(&[100, 100, 40], &[true, false, true]);
        let layers: Vec<_> = pots
            .iter()
            .map(|p| (p.amount, p.eligible.clone()))
            .collect();
        assert_eq!(layers, [(120, vec![0, 2]), (120, vec![0])]);
    }

    /// The pots one chip's layer at a time: layer `k` holds a chip of each seat that paid `k`
    /// or more and is contested by the live ones among them; neighbouring layers with the same
    /// contestants are one pot, and a layer no live seat reached joins the pot below it.
    fn pots_chip_by_chip(committed: &[u64], live: &[bool]) -> Vec<(u64, Vec<usize>)> {
        let mut pots: Vec<(u64, Vec<usize>)> = Vec::new();
        for level in 1..=committed.iter().copied().max().unwrap_or(0) {
            let paid = committed.iter().filter(|&&c| c >= level).count() as u64;
            let contest: Vec<usize> = (0..committed.len())
                .filter(|&s| committed[s] >= level && live[s])
                .collect();
            match pots.last_mut() {
                Some(last) if contest.is_empty() || last.1 == contest => last.0 += paid,
                _ => pots.push((paid, contest)),
            }
        }
        pots
    }

    #[test]
    fn r_pot_1_side_pots_are_the_chip_by_chip_layers_whoever_folded() {
        let amounts = [0, 40, 100, 250];
        for paid in 0..4usize.pow(4) {
            let committed: Vec<u64> = (0..4).map(|s| amounts[paid / 4usize.pow(s) % 4]).collect();
            for folded in 0..16 {
                let live: Vec<bool> = (0..4).map(|s| folded >> s & 1 == 0).collect();
                let mut pots = vec![
                    Pot {
                        amount: 9,
                        eligible: vec![7]
                    };
                    2
                ];
                let count = side_pots_into(&committed, &live, &mut Vec::new(), &mut pots);
                let found: Vec<_> = (pots[..count].iter())
                    .map(|p| (p.amount, p.eligible.clone()))
                    .collect();
                assert_eq!(
                    found,
                    pots_chip_by_chip(&committed, &live),
                    "{committed:?} {live:?}"
                );
            }
        }
    }

    #[test]
    fn r_pot_1_no_chips_no_pots() {
        assert!(side_pots(&[0, 0, 0], &[true; 3]).is_empty());
    }

    #[test]
    fn r_split_1_quartered_pot_and_no_low() {
        let pots = [Pot {
            amount: 100,
            eligible: vec![0, 1, 2],
        }];
        let order = vec![0, 1, 2];
        // Seats 0 and 1 tie for the high, seat 1 has the only low: 50 high split 25/25, 50 low.
        let high = vec![Some(7), Some(7), Some(3)];
        let low = vec![None, Some(2), None];
        let orders = [order.clone(), order.clone()];
        assert_eq!(
            award_parts(&pots, &[high.clone(), low], &orders),
            [25, 75, 0]
        );
        // Nobody has a low: the high takes it all.
        let nobody = vec![None, None, None];
        assert_eq!(award_parts(&pots, &[high, nobody], &orders), [50, 50, 0]);
    }

    #[test]
    fn r_pot_3_split_without_odd_chips() {
        assert_eq!(split(90, &[2, 0], &[1, 2, 0]), [(2, 45), (0, 45)]);
    }
}
