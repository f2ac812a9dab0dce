//! Throughput of the high-hand batch evaluator on random hands, one thread:
//! `cargo run --release --example throughput -- [HANDS] [CARDS] [ROUNDS]`.
//! Under `valgrind --tool=callgrind` the instruction count per hand is a load-proof figure.

use drawpoker::eval::high;

fn random_hands(n: usize, k: usize) -> Vec<u8> {
    let mut cards = vec![0u8; n * k];
    let mut state = 12345u64;
    for row in cards.chunks_mut(k) {
        let mut used = 0u64;
        for c in row.iter_mut() {
            loop {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                let x = (state % 52) as u8;
                if used >> x & 1 == 0 {
                    used |= 1 << x;
                    *c = x;
                    break;
                }
            }
        }
    }
    cards
}

fn main() {
    let arg = |i: usize, default: usize| {
        std::env::args()
            .nth(i)
            .map_or(default, |a| a.parse().expect("a number"))
    };
    let (n, k, rounds) = (arg(1, 100_000), arg(2, 7), arg(3, 20));
    let start = std::time::Instant::now();
    high::tables();
    println!("tables built in {:?}", start.elapsed());
    let cards = random_hands(n, k);
    let mut out = vec![0u16; n];
    let start = std::time::Instant::now();
    for _ in 0..rounds {
        // Chunks below the parallel threshold keep this on one thread.
        for (rows, out) in cards.chunks(100_000 * k).zip(out.chunks_mut(100_000)) {
            high::evaluate_batch(rows, k, out).expect("valid hands");
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    let checksum: u64 = out.iter().map(|&s| s as u64).sum();
    println!(
        "{k}-card: {:.1} M hands/s on one thread (checksum {checksum})",
        (n * rounds) as f64 / seconds / 1e6
    );
}
