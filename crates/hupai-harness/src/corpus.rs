//! Named, deterministic corpora of hands shared by the harness tests, the benches and `hupai diff`:
//! the seeds' worked examples, a curated set of tricky hands, an exhaustive one-suit and honors
//! sweep, every index shape made concrete, and seeded random deals.
//!
//! A corpus yields [`Case`]s: one hand under one rule set. The same base hand appears once per
//! rule set it fits (hands are padded with declared melds to the rules' size where the corpus
//! says so), and every corpus is the same on every run and machine. The big corpora are sampled
//! by default ([`Size::Sampled`], a fixed subset) and complete with [`Size::Full`].

mod exhaustive;
mod knitted;
mod random;
mod seeds;
mod shapes;
mod tricky;
mod wildcard_tile;

use hupai_tiles::{Hand, Meld, Rules, Suit, Tile, TileCounts, VoidSuit};

pub use shapes::{Shape, ShapeError, placements, real_shapes};

/// One hand under one rule set, with a name when it comes from a named example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    /// The example's name (`"S000 wildcards form a fresh group"`), or empty for generated hands.
    pub label: String,
    /// The hand, complete or one tile short under `rules`.
    pub hand: Hand,
    /// The rules it is judged under.
    pub rules: Rules,
}

impl Case {
    /// A case without a label.
    pub fn new(hand: Hand, rules: Rules) -> Case {
        Case { label: String::new(), hand, rules }
    }
}

/// How much of a big corpus to generate. The named corpora are small and always complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Size {
    /// A fixed, deterministic subset: every case of the corpus's sampling step, chosen so that the
    /// default (debug) test run stays well under a minute. The same subset on every run.
    Sampled,
    /// Everything. Meant for release builds: `HUPAI_FULL=1`, `hupai diff --full`, `cargo xtask diff --full`.
    Full,
}

impl Size {
    /// [`Size::Full`] when the environment variable `HUPAI_FULL` is `1`, else [`Size::Sampled`].
    pub fn from_env() -> Size {
        if std::env::var("HUPAI_FULL").is_ok_and(|v| v == "1") { Size::Full } else { Size::Sampled }
    }

    /// Whether the `index`-th base hand of a corpus sampled every `step` hands is generated.
    pub(crate) fn keeps(self, index: u64, step: u64) -> bool {
        match self {
            Size::Full => true,
            Size::Sampled => index.is_multiple_of(step.max(1)),
        }
    }
}

/// The cases of a corpus, generated lazily (the full exhaustive corpus has millions).
pub type Cases = Box<dyn Iterator<Item = Case> + Send>;

/// A named example hand: its name, notation and the rule sets its snapshot rows show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// What the example shows, prefixed by its seed (`S000`–`S004`) when it comes from one.
    pub name: &'static str,
    /// The hand in notation (`"111z222z333z44z***"`).
    pub hand: &'static str,
    /// The rule sets of its rows in the snapshot table, by [`rules_name`] (`"riichi"`, `"standard+5th"`).
    pub shown: &'static [&'static str],
}

impl Example {
    /// The parsed hand (every example of this crate's corpora parses; a test checks it).
    pub fn parse(&self) -> Result<Hand, hupai_tiles::Error> {
        self.hand.parse()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Seeds,
    Tricky,
    Exhaustive,
    Shapes,
    Random,
    WildcardTile,
    Knitted,
}

/// A named corpus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Corpus {
    name: &'static str,
    description: &'static str,
    kind: Kind,
}

static CORPORA: [Corpus; 7] = [
    Corpus {
        name: "seeds",
        description: "the worked examples of the five seed articles S000-S004, each named",
        kind: Kind::Seeds,
    },
    Corpus {
        name: "tricky",
        description: "curated corners: wildcards forming their own group, fifth copies, seven pairs with a quad, \
                      thirteen orphans with wildcards, nine gates and each wait, 17-tile hands, declared melds",
        kind: Kind::Tricky,
    },
    Corpus {
        name: "exhaustive",
        description: "every one-suit hand (suits rotating m, p, s) and every honors-only hand of 1-14 concealed \
                      tiles and wildcards, complete or one short, with 0-8 wildcards, padded with declared melds",
        kind: Kind::Exhaustive,
    },
    Corpus {
        name: "shapes",
        description: "each of the 9,362 index shapes placed as concrete tiles three ways (suits, offsets, honors), \
                      as is, with one or two wildcards, and one tile short, padded with declared melds",
        kind: Kind::Shapes,
    },
    Corpus {
        name: "random",
        description: "seeded deals from the 136-tile wall and seeded winning hands: 14 and 17 tiles, complete \
                      or one short, 0-8 wildcards, 0-2 declared melds",
        kind: Kind::Random,
    },
    Corpus {
        name: "knitted",
        description: "the GB knitted forms: every honors-and-knitted hand and knitted straights with each meld \
                      and pair, complete or one short, 0-3 of their tiles turned into wildcards, and one declared meld",
        kind: Kind::Knitted,
    },
    Corpus {
        name: "wildcard-tile",
        description: "every kind in turn as the wildcard tile (as in --wildcard-tile 7z), none to four copies held, \
                      in seeded deals and built winning hands of 14 and 17 tiles, complete or one short",
        kind: Kind::WildcardTile,
    },
];

/// Every corpus, small to big: `seeds`, `tricky`, `exhaustive`, `shapes`, `random`, then `knitted` and
/// `wildcard-tile`.
pub fn corpora() -> &'static [Corpus] {
    &CORPORA
}

/// The corpus with this name.
pub fn corpus(name: &str) -> Option<&'static Corpus> {
    CORPORA.iter().find(|c| c.name == name)
}

impl Corpus {
    /// Its stable name (`"seeds"`, `"exhaustive"`, ...).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// One line saying what is in it.
    pub fn description(&self) -> &'static str {
        self.description
    }

    /// The named examples of `seeds` and `tricky`; empty for the generated corpora.
    pub fn examples(&self) -> &'static [Example] {
        match self.kind {
            Kind::Seeds => seeds::EXAMPLES,
            Kind::Tricky => tricky::EXAMPLES,
            _ => &[],
        }
    }

    /// Every case under each of `rules` that the corpus's hands fit. Named examples are taken as
    /// written (a 14-tile example only fits 14-tile rules); generated hands are padded with
    /// declared melds to each rule set's size.
    /// A hand holding a tile outside a rule set's tiles (an honor under 108 tiles) is not a case
    /// under it: every algorithm would refuse it the same way before answering.
    pub fn cases(&self, rules: &[Rules], size: Size) -> Cases {
        let rules = rules.to_vec();
        let all: Cases = match self.kind {
            Kind::Seeds | Kind::Tricky => Box::new(named_cases(self.examples(), rules)),
            Kind::Exhaustive => exhaustive::cases(rules, size),
            Kind::Shapes => shapes::cases(rules, size),
            Kind::Random => random::cases(rules, size),
            Kind::Knitted => knitted::cases(rules, size),
            Kind::WildcardTile => wildcard_tile::cases(rules, size),
        };
        Box::new(all.filter(|c| c.hand.check_tile_supply(&c.rules).is_ok()))
    }

    /// The rows of this corpus's snapshot table: each named example under each rule set it
    /// shows. Empty for the generated corpora.
    pub fn table_cases(&self) -> Vec<Case> {
        // The examples are this crate's own statics, and a test checks that each parses and fits
        // the rules it shows, so nothing is dropped here.
        self.examples()
            .iter()
            .flat_map(|e| {
                let hand = e.parse().ok();
                e.shown.iter().filter_map(move |name| {
                    Some(Case { label: e.name.to_string(), hand: hand.clone()?, rules: parse_rules_name(name)? })
                })
            })
            .collect()
    }
}

fn named_cases(examples: &'static [Example], rules: Vec<Rules>) -> impl Iterator<Item = Case> + Send {
    examples.iter().filter_map(|e| e.parse().ok().map(|hand| (e, hand))).flat_map(move |(e, hand)| {
        let fitting: Vec<Rules> = rules.iter().copied().filter(|r| hand.shape(r).is_ok()).collect();
        fitting.into_iter().map(move |r| Case { label: e.name.to_string(), hand: hand.clone(), rules: r })
    })
}

/// Every preset, and Sichuan with the pin suit declared void, each without and with the wildcard
/// fifth-copy rule: the eighteen rule sets the harness checks by default.
pub fn all_rules() -> Vec<Rules> {
    Rules::PRESETS
        .iter()
        .map(|&(_, r)| r)
        .chain([Rules::SICHUAN.with_void(Suit::Pin)])
        .flat_map(|r| [r, r.with_wildcard_fifth_copy(true)])
        .collect()
}

/// A preset's name, with `+void-p` for a declared void suit and `+5th` when the wildcard
/// fifth-copy rule is on (`"chinese+5th"`, `"sichuan+void-p"`). Rules that are no preset are
/// written out.
pub fn rules_name(rules: &Rules) -> String {
    let Some(name) = rules.preset_name() else { return rules.to_string() };
    let mut out = name.to_string();
    if let VoidSuit::Declared(s) = rules.void {
        out.push_str(&format!("+void-{}", s.letter()));
    }
    if rules.wildcard_fifth_copy {
        out.push_str("+5th");
    }
    out
}

/// The inverse of [`rules_name`] for presets: `"riichi"`, `"riichi+5th"`, `"sichuan+void-p+5th"`.
pub fn parse_rules_name(name: &str) -> Option<Rules> {
    name.parse().ok()
}

/// Declared melds that bring a concealed part of `concealed_size` tiles (wildcards included) to
/// the rules' complete size, or one short of it, whichever `concealed_size` fits; `None` if
/// neither fits. The melds avoid every kind the concealed part holds and each other, so the hand
/// stays physically possible; `variant` picks the form (chi, pon, kan) and where the search for
/// free kinds starts, so that the copy limit also meets declared pons and kans.
pub(crate) fn padding(counts: &TileCounts, concealed_size: usize, rules: &Rules, variant: usize) -> Option<Vec<Meld>> {
    let complete = rules.hand_size();
    let missing = if concealed_size <= complete && (complete - concealed_size).is_multiple_of(3) {
        complete - concealed_size
    } else if concealed_size < complete && (complete - 1 - concealed_size).is_multiple_of(3) {
        complete - 1 - concealed_size
    } else {
        return None;
    };
    let n = missing / 3;
    if n > rules.melds as usize {
        return None;
    }
    let mut used = *counts;
    let mut melds = Vec::with_capacity(n);
    // Starting points spread over the 34 kinds, so that different variants pad with different kinds.
    let start = (variant * 13) % Tile::COUNT;
    for form in (0..3).map(|k| (variant + k) % 3) {
        for step in 0..Tile::COUNT {
            if melds.len() == n {
                return Some(melds);
            }
            let t = Tile::ALL[(start + step * 5) % Tile::COUNT];
            if !rules.tiles.kinds().contains(t) {
                continue;
            }
            let meld = match form {
                0 if t.starts_sequence() => Meld::Chi(t),
                0 => continue,
                1 => Meld::Pon(t),
                _ => Meld::Kan(t),
            };
            if meld.tiles().iter().all(|&x| used[x] == 0 && rules.tiles.kinds().contains(x)) {
                for x in meld.tiles() {
                    used[x] += 1;
                }
                melds.push(meld);
            }
        }
    }
    (melds.len() == n).then_some(melds)
}

/// The hand of these concealed counts and wildcards padded for `rules`, if it fits.
pub(crate) fn padded(counts: &TileCounts, wildcards: u8, rules: &Rules, variant: usize) -> Option<Hand> {
    let size = counts.total() as usize + wildcards as usize;
    let melds = padding(counts, size, rules, variant)?;
    Hand::new(*counts, wildcards, &melds).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_tiles::HandShape;

    #[test]
    fn names_are_unique_and_findable() {
        for (i, c) in corpora().iter().enumerate() {
            assert!(corpora()[..i].iter().all(|d| d.name() != c.name()), "{} twice", c.name());
            assert_eq!(corpus(c.name()), Some(c));
        }
        assert!(corpus("nope").is_none());
    }

    #[test]
    fn every_example_parses_and_fits_the_rules_it_shows() {
        for c in corpora() {
            let mut rows = 0;
            for e in c.examples() {
                let hand = e.parse().unwrap_or_else(|err| panic!("{}: {err}", e.name));
                assert!(!e.shown.is_empty(), "{}", e.name);
                for name in e.shown {
                    let rules = parse_rules_name(name).unwrap_or_else(|| panic!("{}: rules {name}", e.name));
                    assert!(hand.shape(&rules).is_ok(), "{} does not fit {name}", e.name);
                    rows += 1;
                }
            }
            assert_eq!(c.table_cases().len(), rows, "{}", c.name());
        }
    }

    #[test]
    fn rules_names_round_trip() {
        let all = all_rules();
        assert_eq!(all.len(), 20);
        for r in all {
            assert_eq!(parse_rules_name(&rules_name(&r)), Some(r));
        }
        assert_eq!(parse_rules_name("taiwan+5th"), Some(Rules::TAIWAN.with_wildcard_fifth_copy(true)));
        assert_eq!(parse_rules_name("mahjong"), None);
    }

    #[test]
    fn padding_fills_to_either_shape_without_a_fifth_copy() {
        for rules in all_rules() {
            // An honor where the tile set has one, else a 9m.
            let extra = if rules.tiles.kinds().contains(Tile::RED) { Tile::RED } else { Tile::ALL[8] };
            let mut counts = TileCounts::EMPTY;
            counts[Tile::ALL[0]] = 4;
            counts[extra] = 1;
            for wildcards in 0..=3u8 {
                for variant in 0..6 {
                    let Some(h) = padded(&counts, wildcards, &rules, variant) else {
                        // 5 + w tiles are complete (5, 8) or one short (7) under both hand sizes;
                        // 6 is neither.
                        assert_eq!(wildcards, 1, "{rules:?}");
                        continue;
                    };
                    assert!(h.check_copies().is_ok());
                    assert!(matches!(h.shape(&rules), Ok(HandShape::Complete | HandShape::OneShort)), "{h}");
                }
            }
        }
    }
}
