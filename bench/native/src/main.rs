//! Random 5- and 7-card high hands evaluated natively, one thread, by drawpoker's
//! `evaluate_batch` and by aya_poker (OMPEval's method in Rust: summed card keys and a
//! perfect-hash table), in the same process on the same hands. Prints one JSON object of
//! M hands/s, the best of `ROUNDS` timings each:
//!
//! `cargo run --release --manifest-path bench/native/Cargo.toml [HANDS] [ROUNDS]`
//!
//! aya_poker is timed two ways: from `Hand` values built before the clock starts (how OMPEval's
//! own benchmark feeds it), and from the same rows of card numbers drawpoker reads (each
//! `Hand` built from its cards inside the timing). drawpoker also checks every row.

use aya_poker::base::{Hand, CARDS};
use aya_poker::poker_rank;
use drawpoker::card::random_rows;
use drawpoker::eval::Ranking;
use std::hint::black_box;
use std::time::Instant;

/// aya_poker's hand of a row of card numbers.
fn aya_hand(row: &[u8]) -> Hand {
    let mut hand = Hand::new();
    for &c in row {
        hand.insert_unchecked(&CARDS[c as usize]);
    }
    hand
}

/// Best rate of `work` (which evaluates `n` hands) over `rounds` timings, in M hands/s.
fn best_rate(n: usize, rounds: usize, mut work: impl FnMut()) -> f64 {
    work();
    (0..rounds)
        .map(|_| {
            let start = Instant::now();
            work();
            n as f64 / start.elapsed().as_secs_f64() / 1e6
        })
        .fold(0.0, f64::max)
}

/// Panics unless the two libraries order every pair of neighbouring rows alike: a check that
/// both evaluated the same hands, not a timing.
fn assert_same_order(ours: &[u16], theirs: &[u16]) {
    for (i, (a, b)) in ours.windows(2).zip(theirs.windows(2)).enumerate() {
        assert_eq!(a[0].cmp(&a[1]), b[0].cmp(&b[1]), "rows {i} and {}", i + 1);
    }
}

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let (n, rounds) = (
        args.first().copied().unwrap_or(1_000_000),
        args.get(1).copied().unwrap_or(10),
    );
    let high = Ranking::from_name("high").expect("the high ranking");
    let mut figures = Vec::new();
    for k in [7, 5] {
        // Card numbers are rank * 4 + suit in both libraries.
        let rows = random_rows(n, k, 52, 0x2545_f491_4f6c_dd1d);
        let hands: Vec<Hand> = rows.chunks_exact(k).map(aya_hand).collect();
        let (mut ours, mut theirs) = (vec![0u16; n], vec![0u16; n]);
        // Chunks below drawpoker's parallel threshold keep it on this thread.
        let drawpoker = best_rate(n, rounds, || {
            for (chunk, out) in rows.chunks(100_000 * k).zip(ours.chunks_mut(100_000)) {
                high.evaluate_batch(chunk, k, out).expect("valid rows");
            }
            black_box(&mut ours);
        });
        let prebuilt = best_rate(n, rounds, || {
            for (hand, out) in hands.iter().zip(theirs.iter_mut()) {
                *out = poker_rank(hand).0;
            }
            black_box(&mut theirs);
        });
        let from_rows = best_rate(n, rounds, || {
            for (row, out) in rows.chunks_exact(k).zip(theirs.iter_mut()) {
                *out = poker_rank(&aya_hand(row)).0;
            }
            black_box(&mut theirs);
        });
        assert_same_order(&ours, &theirs);
        figures.push(format!(
            "\"drawpoker{k}\": {drawpoker:.1}, \"aya_prebuilt{k}\": {prebuilt:.1}, \
             \"aya_from_rows{k}\": {from_rows:.1}"
        ));
    }
    println!("{{{}}}", figures.join(", "));
}
