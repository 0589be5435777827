//! Seeded random deals: `Matrix` agrees with `Backtrack` on 14- and 17-tile hands with 0–8
//! wildcards and declared melds, under every preset with and without the fifth-copy rule.
//! `HUPAI_FULL=1` deals ten times as many.

use hupai_search::{Backtrack, Matrix};
use hupai_tiles::{Algorithm, Hand, Meld, Rules, Tile, TileCounts};

/// SplitMix64: a fixed seed gives the same deals on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }
}

/// The tiles still in the wall, and the kinds a deal draws from (a few suits make the groups
/// overlap more than a uniform deal would).
struct Wall {
    left: [u8; Tile::COUNT],
    kinds: Vec<Tile>,
}

impl Wall {
    fn new(rng: &mut Rng) -> Wall {
        let kinds: Vec<Tile> = match rng.below(3) {
            0 => Tile::ALL.to_vec(),
            1 => {
                let suit = rng.below(4);
                Tile::ALL.into_iter().filter(|t| t.index() / 9 == suit || (suit == 3 && t.is_honor())).collect()
            }
            _ => Tile::ALL.into_iter().filter(|t| t.index() / 9 == rng.below(4) || t.is_honor()).collect(),
        };
        Wall { left: [4; Tile::COUNT], kinds }
    }

    fn kind(&self, rng: &mut Rng) -> Tile {
        self.kinds[rng.below(self.kinds.len())]
    }

    /// Takes these tiles if they are all there.
    fn take(&mut self, tiles: &[Tile]) -> bool {
        let mut need = [0u8; Tile::COUNT];
        for t in tiles {
            need[t.index()] += 1;
        }
        if need.iter().zip(&self.left).any(|(n, l)| n > l) {
            return false;
        }
        for (l, n) in self.left.iter_mut().zip(need) {
            *l -= n;
        }
        true
    }

    fn group(&mut self, rng: &mut Rng) -> Option<Vec<Tile>> {
        for _ in 0..20 {
            let t = self.kind(rng);
            let tiles = if t.starts_sequence() && rng.chance(2) {
                vec![t, Tile::ALL[t.index() + 1], Tile::ALL[t.index() + 2]]
            } else {
                vec![t; 3]
            };
            if self.take(&tiles) {
                return Some(tiles);
            }
        }
        None
    }

    fn single(&mut self, rng: &mut Rng, pool: &[Tile]) -> Option<Tile> {
        for _ in 0..50 {
            let t = pool[rng.below(pool.len())];
            if self.take(&[t]) {
                return Some(t);
            }
        }
        None
    }
}

/// A hand of `rules.hand_size()` tiles: some declared melds, then concealed tiles either drawn at
/// random or built as a winning shape (melds, seven pairs, thirteen orphans), some turned into
/// wildcards and sometimes one swapped for another tile.
fn deal(rng: &mut Rng, rules: &Rules) -> Option<Hand> {
    let mut wall = Wall::new(rng);
    let size = rules.hand_size();
    let mut melds = Vec::new();
    for _ in 0..[0, 0, 1, 2, rules.melds as usize][rng.below(5)] {
        let t = wall.kind(rng);
        let meld = match rng.below(3) {
            0 if t.starts_sequence() => Meld::Chi(t),
            1 => Meld::Kan(t),
            _ => Meld::Pon(t),
        };
        if wall.take(&meld.tiles()) {
            melds.push(meld);
        }
    }
    let concealed_size = size - 3 * melds.len();
    let special = melds.is_empty() && rules.melds == 4;
    let mut tiles: Vec<Tile> = Vec::new();
    match rng.below(5) {
        0 | 1 => {
            let pair = wall.kind(rng);
            if wall.take(&[pair, pair]) {
                tiles.extend([pair, pair]);
            }
            while tiles.len() + 3 <= concealed_size {
                tiles.extend(wall.group(rng)?);
            }
        }
        2 if special => {
            while tiles.len() < 14 {
                let t = wall.kind(rng);
                if wall.take(&[t, t]) {
                    tiles.extend([t, t]);
                }
            }
        }
        3 if special => {
            for t in Tile::TERMINALS_AND_HONORS {
                if wall.take(&[t]) {
                    tiles.push(t);
                }
            }
            tiles.extend(wall.single(rng, &Tile::TERMINALS_AND_HONORS));
        }
        _ => {}
    }
    // Fill up at random, then swap one tile now and then.
    let kinds = wall.kinds.clone();
    while tiles.len() < concealed_size {
        tiles.push(wall.single(rng, &kinds).or_else(|| wall.single(rng, &Tile::ALL))?);
    }
    tiles.truncate(concealed_size);
    if rng.chance(3) && !tiles.is_empty() {
        let i = rng.below(tiles.len());
        if let Some(t) = wall.single(rng, &kinds) {
            tiles[i] = t;
        }
    }
    // Wildcards replace random concealed tiles.
    let wildcards = rng.below(9).min(tiles.len());
    for _ in 0..wildcards {
        tiles.swap_remove(rng.below(tiles.len()));
    }
    Hand::new(TileCounts::from_tiles(tiles), wildcards as u8, &melds).ok()
}

#[test]
fn random_deals_agree() {
    let full = std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1");
    let deals = if full { 200_000 } else { 20_000 };
    let mut rng = Rng(0x6875_7061_6900_0001);
    let (mut checks, mut wins, mut wait_checks, mut decomposition_checks) = (0u64, 0u64, 0u64, 0u64);
    // Matrix has none of the regional options: the classic presets only (the harness and
    // tests/rules.rs cover the others).
    let presets: Vec<Rules> = Rules::PRESETS.iter().map(|&(_, r)| r).filter(Rules::is_classic).collect();
    for i in 0..deals {
        let base = presets[i % presets.len()];
        let Some(hand) = deal(&mut rng, &base) else { continue };
        assert_eq!(hand.tile_count(), base.hand_size(), "{hand}");
        for &preset in &presets {
            if preset.hand_size() != base.hand_size() {
                continue;
            }
            for rules in [preset, preset.with_wildcard_fifth_copy(true)] {
                let win = Backtrack.is_win(&hand, &rules).unwrap();
                assert_eq!(Matrix.is_win(&hand, &rules).unwrap(), win, "{hand} under {rules}");
                checks += 1;
                wins += win as u64;
                if i.is_multiple_of(16) && hand.wildcards() <= 4 {
                    let all = Backtrack.decompositions(&hand, &rules).unwrap();
                    assert_eq!(all.is_empty(), !win, "{hand} under {rules}");
                    assert!(all.iter().all(|d| d.is_valid_for(&hand, &rules)), "{hand} under {rules}");
                    assert!(all.windows(2).all(|w| w[0] < w[1]), "{hand} under {rules}");
                    decomposition_checks += 1;
                }
                // One tile short: drop a concealed tile (or a wildcard) and compare the waits.
                if i.is_multiple_of(8) {
                    let short = match hand.concealed().tiles().nth(i / 8 % 14) {
                        Some(t) => {
                            let mut counts = *hand.concealed();
                            counts[t] -= 1;
                            Hand::new(counts, hand.wildcards(), hand.melds()).unwrap()
                        }
                        None if hand.wildcards() > 0 => hand.with_wildcards(hand.wildcards() - 1),
                        None => continue,
                    };
                    let waits = Backtrack.waits(&short, &rules).unwrap();
                    assert_eq!(Matrix.waits(&short, &rules).unwrap(), waits, "waits of {short} under {rules}");
                    wait_checks += 1;
                }
            }
        }
    }
    println!("random deals: {checks} checks, {wins} wins, {wait_checks} waits, {decomposition_checks} decompositions");
    assert!(wins > checks / 10 && wins < checks, "the deals should mix wins and losses: {wins} of {checks}");
}
