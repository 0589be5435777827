//! The front door as a new user meets it: one dependency (`hupai`), one `use`, the questions of the
//! README, on hands of both sizes, with wildcards, declared melds and 17 tiles; and the answers
//! equal the reference engine's.

use hupai::{Decomposition, Error, Hand, HandShape, Rules, Tile, TileSet};

fn tiles(set: TileSet) -> Vec<String> {
    set.iter().map(|t| t.to_string()).collect()
}

#[test]
fn analyze_a_complete_hand_with_wildcards_and_declared_melds() -> Result<(), Error> {
    let hand: Hand = "11m234p***[789s][5555z]".parse()?;
    let analysis = hupai::analyze(&hand, &Rules::STANDARD)?;
    assert_eq!(analysis.shape, HandShape::Complete);
    assert_eq!(analysis.win, Some(true));
    assert_eq!(analysis.waits, None);
    let reference = hupai_search::Backtrack;
    assert_eq!(analysis.decompositions, hupai::Algorithm::decompositions(&reference, &hand, &Rules::STANDARD)?);
    assert_eq!(analysis.decompositions.len(), 91);
    // Every decomposition says what the three wildcards became, and is valid for the hand.
    for d in &analysis.decompositions {
        assert!(d.is_valid_for(&hand, &Rules::STANDARD), "{d:?}");
        assert!(matches!(d, Decomposition::Melds { .. }), "{d:?}");
    }
    Ok(())
}

#[test]
fn analyze_a_hand_one_short() -> Result<(), Error> {
    let analysis = hupai::analyze(&"1112345678999m".parse()?, &Rules::STANDARD)?;
    assert_eq!(analysis.shape, HandShape::OneShort);
    assert_eq!(analysis.win, None);
    assert!(analysis.decompositions.is_empty());
    assert_eq!(
        analysis.waits.map(tiles),
        Some(["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"].map(String::from).to_vec())
    );
    // A 16-tile hand under the 17-tile rules.
    let taiwan = hupai::analyze(&"123345m555789p1s555z".parse()?, &Rules::TAIWAN)?;
    assert_eq!(taiwan.waits.map(tiles), Some(vec!["1s".to_string()]));
    assert_eq!(taiwan.shanten.map(|s| s.number), Some(0));
    Ok(())
}

#[test]
fn analyze_gives_shanten_effective_tiles_and_advice() -> Result<(), Error> {
    // Not ready: shanten 1, and its effective tiles are the kinds that make it ready.
    let hand: Hand = "123m456p789s1134z".parse()?;
    let analysis = hupai::analyze(&hand, &Rules::RIICHI)?;
    assert_eq!(analysis.waits.map(|w| w.len()), Some(0));
    let shanten = analysis.shanten.expect("riichi is modelled");
    assert_eq!(shanten.number, 1);
    let effective = analysis.effective.expect("a hand one short has effective tiles");
    for t in &effective.tiles {
        let drawn = hand.with_tile(t.tile)?;
        let after = hupai::discard_advice(&drawn, &Rules::RIICHI, &hupai::TileCounts::EMPTY)?;
        assert_eq!(after[0].shanten(), 0, "drawing {} makes it ready", t.tile);
    }
    // A complete hand that does not win gets its advice, best first, wildcards last.
    let complete: Hand = "11m234p678s3z***5z6z".parse()?;
    let analysis = hupai::analyze(&complete, &Rules::STANDARD)?;
    assert_eq!(analysis.win, Some(false));
    assert_eq!(analysis.advice.first().map(|o| o.shanten()), Some(0));
    assert!(matches!(analysis.advice.last().map(|o| o.discard), Some(hupai::Discard::Wildcard)));
    assert_eq!(analysis.shanten.map(|s| s.number), Some(0));
    Ok(())
}

#[test]
fn the_free_functions_check_sizes_and_agree_with_the_reference() -> Result<(), Error> {
    let complete: Hand = "19m19p19s1234567z*".parse()?;
    assert!(hupai::is_win(&complete, &Rules::RIICHI)?);
    assert!(!hupai::is_win(&complete, &Rules::STANDARD)?);
    let err = hupai::waits(&complete, &Rules::RIICHI).unwrap_err();
    assert_eq!(err.to_string(), "waits needs a hand of 13 tiles; this one has 14");
    let err = hupai::is_win(&"123m".parse()?, &Rules::STANDARD).unwrap_err();
    assert!(matches!(err, Error::HandSize { found: 3, expected: 14 }), "{err}");
    // A kind held four times is never a wait.
    let four: Hand = "1111m234p567s11z9s".parse()?;
    let waits = hupai::waits(&four, &Rules::STANDARD)?;
    assert!(!waits.contains("1m".parse::<Tile>()?));
    assert_eq!(waits, hupai::Algorithm::waits(&hupai_search::Backtrack, &four, &Rules::STANDARD)?);
    Ok(())
}

#[test]
fn odds_are_reachable_from_the_front_door() -> Result<(), Box<dyn std::error::Error>> {
    // The full 136-tile wall: four of each kind.
    let wall = hupai::odds::Wall::new([4; 34])?;
    assert_eq!(wall.tiles(), 136);
    Ok(())
}
