//! Time of the exhaustive strength histogram: `cargo run --release --example census -- [CARDS]`.
//! Set RAYON_NUM_THREADS=1 for the one-thread figure.

fn main() {
    let cards: usize = std::env::args()
        .nth(1)
        .map_or(7, |a| a.parse().expect("a hand size"));
    drawpoker::eval::high::tables();
    let start = std::time::Instant::now();
    let never = drawpoker::stop::Stop::new();
    let histogram = drawpoker::eval::high::strength_histogram(cards, &never).expect("5 to 7 cards");
    println!(
        "{} hands of {cards} cards in {:?}",
        histogram.iter().sum::<u64>(),
        start.elapsed()
    );
}
