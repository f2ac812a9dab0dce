//! Exact Hold'em equity of one spot, repeated, one thread:
//! `cargo run --release --example holdem_equity -- [REPEATS] [HANDS] [BOARD]`,
//! e.g. `-- 100 "AsKs QhQd"` (hands are pairs of cards separated by spaces).
//! For a steady figure on a shared machine, run it under `valgrind --tool=callgrind` at two
//! repeat counts: the difference in instructions over the difference in repeats is the cost of
//! one call, without the table build.

use drawpoker::card::parse_cards;
use drawpoker::equity::{equity, Budget, HOLDEM};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let repeats: usize = args
        .get(1)
        .map_or(100, |a| a.parse().expect("repeat count"));
    let hands: Vec<Vec<u8>> = args
        .get(2)
        .map_or("AsKs QhQd", String::as_str)
        .split_whitespace()
        .map(|h| parse_cards(h).expect("hole cards"))
        .collect();
    let board = parse_cards(args.get(3).map_or("", String::as_str)).expect("board");
    let run = || equity(HOLDEM, &hands, &board, &[], Budget::default()).expect("equity");
    let first = run();
    let start = Instant::now();
    for _ in 0..repeats {
        assert_eq!(run(), first);
    }
    let per_call = start.elapsed().as_secs_f64() / repeats.max(1) as f64;
    let wins: Vec<u64> = first.players.iter().map(|p| p.wins).collect();
    println!(
        "{} outcomes, wins {wins:?}: {:.3} ms per call",
        first.outcomes,
        per_call * 1e3
    );
}
