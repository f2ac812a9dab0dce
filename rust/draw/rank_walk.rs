//! A fast exact tally of high-hand draws by rank multisets instead of card combinations.
//!
//! Without a flush, a five-card high hand's strength depends only on its ranks. So the draws
//! are walked as multisets of ranks, each weighted by the number of card combinations giving
//! it (`prod C(cards of rank r in the stub, times r is drawn)`): at most 6,188 multisets
//! instead of up to 1,533,939 combinations. The flushes are then put right suit by suit: the
//! few draws that complete a flush move from their rank strength to their flush strength.

use super::combos::BINOMIALS;
use super::outcomes::Sink;
use crate::card::{rank, suit, Card};
use crate::eval::high::{rank_key, HighTables, CARD_KEYS};

/// Adds to `sink` the final high strengths of `kept` completed by every combination of
/// `draws` cards of `stub`; `kept.len() + draws` must be 5.
pub fn tally_high<S: Sink + ?Sized>(
    tables: &HighTables,
    kept: &[Card],
    stub: &[Card],
    draws: usize,
    sink: &mut S,
) {
    debug_assert_eq!(kept.len() + draws, 5);
    let mut available = [0usize; 13];
    for &c in stub {
        available[rank(c) as usize] += 1;
    }
    let kept_key: u32 = kept.iter().map(|&c| CARD_KEYS[c as usize] as u32).sum();
    walk_ranks(tables, &available, 0, draws, kept_key, 1, sink);
    correct_flushes(tables, kept, stub, draws, kept_key, sink);
}

fn walk_ranks<S: Sink + ?Sized>(
    tables: &HighTables,
    available: &[usize; 13],
    from: usize,
    left: usize,
    key: u32,
    weight: i64,
    sink: &mut S,
) {
    if left == 0 {
        sink.add(tables.rank_strength(5, key), weight);
        return;
    }
    if left == 1 {
        // The last card, without a call per rank.
        for (r, &cards) in available.iter().enumerate().skip(from) {
            if cards > 0 {
                let strength = tables.rank_strength(5, key + rank_key(r as u8));
                sink.add(strength, weight * cards as i64);
            }
        }
        return;
    }
    for r in from..13 {
        let mut k = key;
        let row = &BINOMIALS[available[r]];
        for (times, &ways) in row
            .iter()
            .enumerate()
            .take(left.min(available[r]) + 1)
            .skip(1)
        {
            k += rank_key(r as u8);
            let ways = ways as i64;
            walk_ranks(
                tables,
                available,
                r + 1,
                left - times,
                k,
                weight * ways,
                sink,
            );
        }
    }
}

/// Moves every draw that makes a flush from its rank strength to its flush strength.
fn correct_flushes<S: Sink + ?Sized>(
    tables: &HighTables,
    kept: &[Card],
    stub: &[Card],
    draws: usize,
    kept_key: u32,
    sink: &mut S,
) {
    for s in 0..4u8 {
        if kept.iter().any(|&c| suit(c) != s) {
            continue;
        }
        let kept_mask = kept.iter().fold(0usize, |m, &c| m | 1 << rank(c));
        let suited: Vec<Card> = stub.iter().copied().filter(|&c| suit(c) == s).collect();
        walk_suited(tables, &suited, draws, kept_mask, kept_key, sink);
    }
}

/// Moves every draw of `left` more cards of `suited` (one suit, as the kept cards) from its
/// rank strength to its flush strength; `mask` and `key` describe the cards so far.
fn walk_suited<S: Sink + ?Sized>(
    tables: &HighTables,
    suited: &[Card],
    left: usize,
    mask: usize,
    key: u32,
    sink: &mut S,
) {
    if left == 0 {
        sink.add(tables.rank_strength(5, key), -1);
        sink.add(tables.flush_strength(mask), 1);
        return;
    }
    for (i, &c) in suited
        .iter()
        .enumerate()
        .take((suited.len() + 1).saturating_sub(left))
    {
        let next_key = key + CARD_KEYS[c as usize] as u32;
        walk_suited(
            tables,
            &suited[i + 1..],
            left - 1,
            mask | 1 << rank(c),
            next_key,
            sink,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::draw::combos::for_each_fill;
    use crate::draw::outcomes::stub_of;
    use crate::eval::high::tables;

    #[test]
    fn agrees_with_walking_every_combination() {
        let t = tables();
        for (hand, dead) in [
            ("Ks 9s 6s 3s", ""),
            ("As Ks", "Qs Js 2c"),
            ("7h", "8h 9h"),
            ("", "As Ks Qs"),
            ("Jh Jd 7c", ""),
            ("2c 3c 4c 5c 6c", ""),
        ] {
            let kept = parse_cards(hand).unwrap();
            let dead = parse_cards(dead).unwrap();
            let stub = stub_of(&kept, &dead, false).unwrap();
            let draws = 5 - kept.len();
            let mut fast = vec![0u64; 7463];
            tally_high(t, &kept, &stub, draws, fast.as_mut_slice());
            let mut plain = vec![0u64; 7463];
            let mut five = [0u8; 5];
            five[..kept.len()].copy_from_slice(&kept);
            for_each_fill(&stub, draws, &mut five, kept.len(), &mut |h| {
                plain[t.eval(h) as usize] += 1
            });
            assert_eq!(fast, plain, "{hand} / {dead:?}");
        }
    }
}
