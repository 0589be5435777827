//! Plugging in combiners: a knitted straight and a thirteen-orphans combiner written here against
//! the public trait, S001's special combiners and its greedy priority mode.

use hupai_combine::{
    Combine, Combiner, Combiners, Covering, Jiang, Ke, Limits, Search, ShiSanYao, Shun, hu_groups, priority_groups,
};
use hupai_tiles::{Algorithm, Decomposition, Hand, Rules, Suit, Tile};

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

fn shown(coverings: &[Covering]) -> Vec<String> {
    coverings.iter().map(|c| c.to_string()).collect()
}

/// 组合龙: 147 of one suit, 258 of another, 369 of the third (Chinese official rules), as one
/// nine-tile group listed under its lowest tile, the 1 of the suit holding 147.
struct KnittedStraight;

impl Combiner for KnittedStraight {
    fn name(&self) -> &str {
        "knitted"
    }
    fn special(&self) -> bool {
        true
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
        if lowest.is_honor() || lowest.rank() != 1 {
            return;
        }
        let first = lowest.suit();
        for second in numbered {
            for third in numbered {
                if second == first || third == first || third == second {
                    continue;
                }
                let mut tiles = Vec::new();
                for (suit, ranks) in [(first, [1, 4, 7]), (second, [2, 5, 8]), (third, [3, 6, 9])] {
                    tiles.extend(ranks.iter().filter_map(|&r| Tile::from_suit_rank(suit, r)));
                }
                emit(&tiles);
            }
        }
    }
}

fn knitted_set() -> Combiners {
    Combiners::new().with(KnittedStraight).with_limits(Jiang, Limits::ONCE).with(Ke).with(Shun)
}

#[test]
fn knitted_straight_plugs_in() {
    let set = knitted_set();
    // 147m 258p 369s + 123p + 55z.
    let h = hand("147m123258p369s55z");
    let found = hu_groups(&h, &set);
    assert_eq!(shown(&found), ["147m258p369s 123p 55z"]);
    assert_eq!(found[0].describe(&set), "knitted:147m258p369s shun:123p jiang:55z");
    assert_eq!(found[0].uses(0), 1);
    // The standard set alone cannot read it.
    assert!(hu_groups(&h, &Combiners::standard()).is_empty());
    // Wildcards fill the knitted straight like any group: the 4m and a 5z are wild.
    let wild = hand("17m123258p369s5z**");
    assert_eq!(shown(&hu_groups(&wild, &set)), ["147m258p369s 123p 55z"]);
    // Other suit orders are other groups: 147p 258s 369m.
    let other = hand("369m147p258s111z22z");
    assert_eq!(shown(&hu_groups(&other, &set)), ["369m147p258s 111z 22z"]);
    // Special: at most once per covering, even when the tiles would allow two.
    let twice = hand("147m258p369s147m258p369s11z").with_wildcards(0);
    assert!(hu_groups(&twice, &set).is_empty());
}

/// Thirteen orphans as a user would write it: one 14-tile group per doubled terminal or honor.
struct Orphans;

impl Combiner for Orphans {
    fn name(&self) -> &str {
        "orphans"
    }
    fn special(&self) -> bool {
        true
    }
    fn groups(&self, lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
        if lowest == Tile::TERMINALS_AND_HONORS[0] {
            for doubled in Tile::TERMINALS_AND_HONORS {
                let mut tiles = Tile::TERMINALS_AND_HONORS.to_vec();
                tiles.push(doubled);
                emit(&tiles);
            }
        }
    }
}

#[test]
fn thirteen_orphans_plugs_in_and_matches_combine() {
    let set = Combiners::new().with(Orphans);
    let builtin = Combiners::new().with(ShiSanYao);
    for text in
        ["19m19p19s12345677z", "19m19p19s1234567z*", "19m19p19s123457z**", "19m19p19s12345667z", "11m9p19s1234567z**"]
    {
        let h = hand(text);
        let mine = hu_groups(&h, &set);
        assert_eq!(shown(&mine), shown(&hu_groups(&h, &builtin)), "{text}");
        let rules = Rules::RIICHI;
        let pairs: Vec<Tile> = Combine
            .decompositions(&h, &rules)
            .unwrap()
            .into_iter()
            .filter_map(|d| match d {
                Decomposition::ThirteenOrphans { pair } => Some(pair),
                _ => None,
            })
            .collect();
        let doubled: Vec<Tile> = mine
            .iter()
            .map(|c| {
                let tiles = &c.groups()[0].tiles;
                *tiles.windows(2).find(|w| w[0] == w[1]).map(|w| &w[0]).unwrap()
            })
            .collect();
        assert_eq!(doubled, pairs, "{text}");
    }
    // One wildcard on a complete set of thirteen: any of the thirteen can be the pair.
    assert_eq!(hu_groups(&hand("19m19p19s1234567z*"), &set).len(), 13);
    // 6z is missing and nothing can stand for it.
    assert!(hu_groups(&hand("19m19p19s12345777z"), &set).is_empty());
}

#[test]
fn special_combiners_at_most_once() {
    let once = Combiners::new().with_limits(Jiang, Limits::ONCE).with(Ke);
    let free = Combiners::new().with(Jiang).with(Ke);
    let h = hand("1122m");
    assert!(hu_groups(&h, &once).is_empty());
    assert_eq!(shown(&hu_groups(&h, &free)), ["11m 22m"]);
    // Identical-group limit: seven distinct pairs refuse a four-of-a-kind, the quads variant not.
    let distinct = Combiners::new().with_limits(Jiang, Limits { max_uses: u8::MAX, max_identical: 1 });
    let quads = Combiners::new().with_limits(Jiang, Limits { max_uses: u8::MAX, max_identical: 2 });
    let q = hand("1111m2233p5566s");
    assert!(hu_groups(&q, &distinct).is_empty());
    assert_eq!(shown(&hu_groups(&q, &quads)), ["11m 11m 22p 33p 55s 66s"]);
}

#[test]
fn coverings_are_distinct_and_wildcards_shown_as_tiles() {
    let set = Combiners::all_six();
    for text in ["1123m", "12m*", "5z**", "13m4p*"] {
        let h = hand(text);
        let all = hu_groups(&h, &set);
        let mut sorted = all.clone();
        sorted.sort_by_key(|c| c.to_string());
        sorted.dedup();
        assert_eq!(sorted.len(), all.len(), "{text}: duplicate coverings");
        assert_eq!(Search::new(&set).count(&h), all.len() as u64, "{text}");
        for c in &all {
            let n: usize = c.groups().iter().map(|g| g.tiles.len()).sum();
            assert_eq!(n, h.tile_count(), "{text}: {c} covers every tile and wildcard once");
        }
    }
    // A single wildcard as a single (dan) group can be any of the 34 kinds.
    assert_eq!(hu_groups(&hand("*"), &Combiners::new().with(hupai_combine::Dan)).len(), 34);
}

#[test]
fn priority_mode_is_greedy() {
    let set = Combiners::new().with(Jiang).with(Ke).with(Shun);
    // 11m then 123m: the first combiner that fits wins at each step.
    assert_eq!(shown(&priority_groups(&hand("11123m"), &set)), ["11m 123m"]);
    // 1111 23m: greedy takes 11m twice and is stuck at 2m, while the full search finds 111m 123m.
    assert!(priority_groups(&hand("111123m"), &set).is_empty());
    assert_eq!(shown(&hu_groups(&hand("111123m"), &set)), ["111m 123m"]);
    // Starting from each kind: from 4m the walk wraps around and still covers everything.
    let h = hand("123m44m");
    let found = priority_groups(&h, &set);
    assert!(found.iter().all(|c| hu_groups(&h, &set).contains(c)));
    assert_eq!(shown(&found), ["123m 44m"]);
    // Wildcards: filled like the full search, and every greedy covering is a real one.
    let w = hand("1m5p**");
    let all = hu_groups(&w, &set);
    for c in priority_groups(&w, &set) {
        assert!(all.contains(&c), "{c}");
    }
}

#[test]
fn combiner_set_is_robust_to_odd_combiners() {
    /// Emits its groups unsorted, twice, for every lowest tile, and an empty one.
    struct Sloppy;
    impl Combiner for Sloppy {
        fn name(&self) -> &str {
            "sloppy"
        }
        fn groups(&self, _lowest: Tile, emit: &mut dyn FnMut(&[Tile])) {
            let t = |s: &str| s.parse::<Tile>().unwrap();
            emit(&[t("3m"), t("1m"), t("2m")]);
            emit(&[]);
        }
    }
    let set = Combiners::new().with(Sloppy);
    let found = hu_groups(&hand("123m123m"), &set);
    assert_eq!(shown(&found), ["123m 123m"]);
}
