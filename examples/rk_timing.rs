use drawpoker::eval::{ace_five, badugi, deuce_seven, high, joker};
fn main() {
    let n = 4_000_000usize;
    let mut cards = vec![0u8; n * 7];
    let mut state = 12345u64;
    for row in cards.chunks_mut(7) {
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
    let flat = |k: usize| -> Vec<u8> { cards.chunks(7).flat_map(|r| r[..k].to_vec()).collect() };
    let f5 = flat(5);
    let f4 = flat(4);
    let f7 = flat(7);
    let mut out = vec![0u16; n];
    high::tables();
    joker::tables();
    deuce_seven::tables();
    ace_five::tables();
    badugi::tables();
    for _ in 0..3 {
        let mut time = |name: &str, f: &dyn Fn(&mut [u16])| {
            let t = std::time::Instant::now();
            f(&mut out);
            println!(
                "{name}: {:.0} M/s",
                n as f64 / t.elapsed().as_secs_f64() / 1e6
            );
        };
        time("high5", &|o| high::evaluate_batch(&f5, 5, o).unwrap());
        time("27", &|o| deuce_seven::evaluate_batch(&f5, 5, o).unwrap());
        time("a5-5", &|o| ace_five::evaluate_batch(&f5, 5, o).unwrap());
        time("a5-7", &|o| ace_five::evaluate_batch(&f7, 7, o).unwrap());
        time("badugi", &|o| badugi::evaluate_batch(&f4, 4, o).unwrap());
        time("joker", &|o| joker::evaluate_batch(&f5, 5, o).unwrap());
    }
}
