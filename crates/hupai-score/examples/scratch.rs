//! scratch
use hupai::{Group, Hand, Tile, TileCounts};
use hupai_score::{
    Situation,
    regional::{self, Table},
};

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}
fn hand(rng: &mut Rng, wildcards: usize) -> Option<Situation> {
    let suits = [rng.below(3), rng.below(3)];
    let kind = |rng: &mut Rng, top: usize| suits[rng.below(2)] * 9 + rng.below(top);
    let mut counts = TileCounts::EMPTY;
    counts[Tile::new(kind(rng, 9))?] += 2;
    for _ in 0..4 {
        let g = if rng.below(2) == 0 {
            Group::Sequence(Tile::new(kind(rng, 7))?)
        } else {
            Group::Triplet(Tile::new(kind(rng, 9))?)
        };
        for t in g.tiles() {
            counts[t] += 1;
        }
    }
    let mut tiles: Vec<Tile> = counts.tiles().collect();
    let win = tiles.remove(rng.below(tiles.len()));
    for _ in 0..wildcards {
        let t = tiles.swap_remove(rng.below(tiles.len()));
        counts[t] -= 1;
    }
    Some(Situation::new(Hand::new(counts, wildcards as u8, &[]).ok()?, win))
}
fn main() {
    let w: usize = std::env::args().nth(1).unwrap().parse().unwrap();
    let t = Table::preset("sichuan").unwrap();
    let mut rng = Rng(0x5c0e_2e61);
    let mut hands = vec![];
    while hands.len() < 1024 {
        if let Some(s) = hand(&mut rng, w) {
            if regional::score(&s, &t).is_ok() {
                hands.push(s)
            }
        }
    }

    for s in &hands {
        let _ = regional::score(s, &t);
    }

    use std::sync::atomic::Ordering::Relaxed; for c in [&regional::NODES, &regional::LEAVES, &regional::FREE, &regional::ADDS, &regional::PLACES] { c.store(0, Relaxed); }
    for s in &hands { let _ = regional::score(s, &t); }
    println!("per hand: nodes {} ends {} free-ok {} sizebad {} ls {}", regional::NODES.load(Relaxed) / 1024, regional::LEAVES.load(Relaxed) / 1024, regional::FREE.load(Relaxed) / 1024, regional::PLACES.load(Relaxed)/1024, regional::ADDS.load(Relaxed)/1024);
    let start = std::time::Instant::now();
    let mut n = 0;
    for _ in 0..20 {
        for s in &hands {
            std::hint::black_box(regional::score(s, &t).ok());
            n += 1;
        }
    }
    println!("{:.2} us per hand", start.elapsed().as_secs_f64() * 1e6 / n as f64);
}
