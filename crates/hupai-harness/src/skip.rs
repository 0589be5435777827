//! The skip lists: which hands each algorithm is not asked about, derived from its
//! [`Capabilities`], with the reason. Like regex's per-engine skip lists, a skipped hand is never
//! counted as passed: the harness tallies it per algorithm and per feature, and checks that the
//! algorithm really answers "unsupported" for it.

use hupai_tiles::{Algorithm, Capabilities, Feature};

/// One kind of hand an algorithm skips.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skip {
    /// The feature such a hand needs (what [`Capabilities::missing`] names).
    pub feature: Feature,
    /// Which hands these are, in words.
    pub hands: String,
    /// Why the algorithm does not handle them.
    pub why: &'static str,
}

/// The reason an algorithm of this crate's registry gives for lacking a feature; a generic one
/// for algorithms it does not know.
fn reason(algorithm: &str, feature: Feature) -> &'static str {
    match (algorithm, feature) {
        ("index", Feature::Wildcards) => {
            "S002's table holds concrete shapes; a wildcard has no key (substitute is the index plus wildcards)"
        }
        ("index" | "substitute", Feature::HandSize(_)) => "the index table stops at four melds and a pair",
        ("substitute", Feature::TooManyWildcards(_)) => {
            "its memo tables have room for 14 stand-ins, every wildcard a 14-tile hand can hold"
        }
        ("matrix", Feature::Decompositions) => "S004's suit matrix decides the win without keeping the groups",
        ("split", Feature::Decompositions) => "S003's carry map reduces segments without keeping the groups",
        (_, Feature::Decompositions) => "it decides wins only",
        (_, Feature::Pair258 | Feature::VoidSuit | Feature::TileSupply(_)) => {
            "written for the classic rules; suit-table, combine, backtrack (and index without wildcards) answer these"
        }
        (_, Feature::KnittedForms) => "written for the classic rules; suit-table and backtrack answer these",
        _ => "its capabilities say so",
    }
}

/// Everything `capabilities` lack, as the features a hand would need, with the hands in words.
pub fn missing_features(capabilities: &Capabilities) -> Vec<(Feature, String)> {
    let c = capabilities;
    let mut out = Vec::new();
    if !c.wildcards {
        out.push((Feature::Wildcards, "every hand with a wildcard".to_string()));
    } else if c.max_wildcards < u8::MAX {
        let n = c.max_wildcards.saturating_add(1);
        out.push((Feature::TooManyWildcards(n), format!("hands with more than {} wildcards", c.max_wildcards)));
    }
    if c.wildcards && !c.wildcard_fifth_copy {
        out.push((Feature::WildcardFifthCopy, "hands with wildcards under the fifth-copy rule".to_string()));
    }
    if !c.declared_melds {
        out.push((Feature::DeclaredMelds, "hands with declared melds".to_string()));
    }
    if !c.seventeen_tiles {
        out.push((Feature::HandSize(17), "17-tile hands (taiwan, 5 melds and a pair), and 16 one short".to_string()));
    }
    if !c.seven_pairs {
        out.push((Feature::SevenPairs, "concealed 14-tile hands under rules with seven pairs".to_string()));
    }
    if !c.thirteen_orphans {
        out.push((Feature::ThirteenOrphans, "concealed 14-tile hands under rules with thirteen orphans".to_string()));
    }
    if !c.pair_258 {
        out.push((Feature::Pair258, "hands under rules with the 2-5-8 pair (changsha)".to_string()));
    }
    if !c.void_suit {
        out.push((Feature::VoidSuit, "hands under rules with a void suit (sichuan)".to_string()));
    }
    if c.wildcards && !c.tile_supply {
        for n in [108, 112] {
            out.push((Feature::TileSupply(n), format!("hands with wildcards under a {n}-tile set")));
        }
    }
    if !c.knitted {
        out.push((
            Feature::KnittedForms,
            "14-tile hands with at most one declared meld under rules with the knitted forms (gb)".to_string(),
        ));
    }
    if !c.decompositions {
        out.push((Feature::Decompositions, "decomposition lists (verdicts and waits are still compared)".to_string()));
    }
    out
}

/// The skip list of one algorithm: empty if it handles every hand.
pub fn skips(algorithm: &dyn Algorithm) -> Vec<Skip> {
    missing_features(&algorithm.capabilities())
        .into_iter()
        .map(|(feature, hands)| Skip { feature, hands, why: reason(algorithm.name(), feature) })
        .collect()
}

/// The skip lists of `algorithms` as a Markdown table (`docs/harness.md` embeds the registry's).
pub fn skip_table(algorithms: &[&dyn Algorithm]) -> String {
    let mut s = String::from("| algorithm | skips | why |\n|---|---|---|\n");
    for a in algorithms {
        let list = skips(*a);
        if list.is_empty() {
            s.push_str(&format!("| `{}` | nothing | handles every hand and lists decompositions |\n", a.name()));
        }
        for skip in list {
            s.push_str(&format!("| `{}` | {} | {} |\n", a.name(), skip.hands, skip.why));
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use hupai_tiles::{Hand, Rules};

    #[test]
    fn every_skip_is_what_missing_reports() {
        // For each skip, a hand needing exactly that feature gets it from `Capabilities::missing`.
        let examples: [(&str, Rules); 4] = [
            ("123m456p789s11122z*", Rules::STANDARD.with_wildcard_fifth_copy(true)),
            ("123m456p789s11z[555z]", Rules::STANDARD),
            ("123m456p789s111222z33z", Rules::TAIWAN),
            ("11223344556677m", Rules::CHINESE),
        ];
        for a in crate::algorithms() {
            let skipped: Vec<Feature> = skips(*a).into_iter().map(|s| s.feature).collect();
            for (text, rules) in &examples {
                let hand: Hand = text.parse().unwrap();
                if let Some(f) = a.capabilities().missing(&hand, rules) {
                    // Same feature, whatever number it carries (wildcards held, hand size).
                    let listed = skipped.iter().any(|s| std::mem::discriminant(s) == std::mem::discriminant(&f));
                    assert!(listed, "{} skips {f} on {text} but its skip list lacks it", a.name());
                }
            }
        }
    }

    #[test]
    fn the_reference_skips_nothing() {
        assert!(skips(crate::find("backtrack").unwrap()).is_empty());
        assert!(skip_table(crate::algorithms()).contains("| `backtrack` | nothing |"));
    }
}
