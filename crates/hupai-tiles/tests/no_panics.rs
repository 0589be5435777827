//! The public value types can be built with any payload (`Meld::Chi(7z)`, `BonusTile::Season(0)`,
//! `Group::Sequence(9m)`); their methods must still answer without panicking, and validity checks
//! must say "invalid" rather than crash. The harness relies on `Decomposition::is_valid_for` to
//! judge other algorithms' output, bogus output included.

use hupai_tiles::{BonusTile, Decomposition, Group, Hand, Meld, Rules, Tile};

#[test]
fn bonus_tiles_with_any_payload() {
    for n in 0..=u8::MAX {
        for b in [BonusTile::Season(n), BonusTile::Flower(n)] {
            let _ = (b.number(), b.to_unicode(), b.to_string());
            let valid = (1..=4).contains(&n);
            assert_eq!(BonusTile::from_number(b.number()) == Some(b), valid, "{b:?}");
        }
    }
}

#[test]
fn melds_and_groups_with_any_tile() {
    for t in Tile::ALL {
        for m in [Meld::Chi(t), Meld::Pon(t), Meld::Kan(t)] {
            let _ = (m.tiles(), m.to_string(), m.tile());
            assert_eq!(m.is_valid(), !matches!(m, Meld::Chi(_)) || t.starts_sequence(), "{m:?}");
            if !m.is_valid() {
                assert!(Hand::new(Default::default(), 0, &[m]).is_err(), "{m:?}");
            }
        }
        for g in [Group::Triplet(t), Group::Sequence(t)] {
            let _ = (g.tiles(), g.to_string());
        }
    }
}

#[test]
fn invalid_decompositions_are_rejected_not_panicked_on() {
    let hand: Hand = "789m789p789s11z***".parse().unwrap();
    for t in Tile::ALL.into_iter().filter(|t| !t.starts_sequence()) {
        let groups = [Group::Sequence(t), Group::Sequence(t), Group::Sequence(t), Group::Sequence(t)];
        let d = Decomposition::melds(Tile::EAST, &groups);
        let _ = (d.counts(), d.to_string());
        for rules in Rules::PRESETS.map(|(_, r)| r) {
            assert!(!d.is_valid_for(&hand, &rules), "{d}");
        }
    }
}
