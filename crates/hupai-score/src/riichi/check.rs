//! The situations riichi cannot have: each is refused with a message naming what is impossible,
//! before anything is scored.

use hupai::{Hand, Meld, Suit, Tile};

use super::Options;
use crate::{ScoreError, Situation};

fn impossible(text: impl Into<String>) -> Result<(), ScoreError> {
    Err(ScoreError::Impossible(text.into()))
}

/// True for the kinds a three-player set does not have (2m–8m).
pub(super) fn missing_in_sanma(t: Tile) -> bool {
    t.suit() == Suit::Man && (2..=8).contains(&t.rank())
}

/// Refuses a situation that cannot happen under these options.
pub(super) fn situation(s: &Situation, o: &Options) -> Result<(), ScoreError> {
    let hand = &s.hand;
    if hand.wildcards() > 0 {
        return Err(ScoreError::key("hand", "riichi has no wildcards ('*')"));
    }
    if !hand.bonus().is_empty() {
        return Err(ScoreError::key("hand", "riichi has no flower tiles"));
    }
    for (key, set) in [
        ("last_copy", s.last_copy),
        ("flowers", s.flowers > 0),
        ("birds", !s.birds.is_empty()),
        ("after_kong_discard", s.after_kong_discard),
    ] {
        if set {
            return Err(ScoreError::key(key, "has no meaning in riichi scoring (a Chinese rule set's key)"));
        }
    }
    if hand.concealed()[s.win] == 0 {
        return impossible(format!("the winning tile {} is not among the hand's concealed tiles", s.win));
    }
    let open = !hand.is_closed();
    let has_melds = !hand.melds().is_empty();
    let has_kan = hand.melds().iter().any(|m| m.is_kan());
    let riichi = s.riichi || s.double_riichi;
    let flags = [
        (s.riichi && open, "riichi with an open meld"),
        (s.double_riichi && open, "double riichi with an open meld"),
        (s.ippatsu && !riichi, "ippatsu without riichi"),
        (s.ippatsu && s.rinshan, "ippatsu with rinshan (a kan after riichi ends the ippatsu turn)"),
        (s.rinshan && !s.tsumo, "rinshan with ron (the replacement tile is drawn)"),
        // Three players draw a replacement tile for a north set aside too (北抜き), and a win on
        // it is rinshan as after a kan.
        (s.rinshan && !has_kan && s.nuki == 0, "rinshan without a kan or a north set aside"),
        (s.chankan && s.tsumo, "chankan with tsumo (a robbed kan is a ron)"),
        (
            s.chankan && hand.concealed()[s.win] > 1,
            "chankan on a tile the hand holds twice (the kan being robbed holds the other three)",
        ),
        (s.haitei && !s.tsumo, "haitei with ron (the last tile is drawn; a ron on the last discard is houtei)"),
        (s.houtei && s.tsumo, "houtei with tsumo (the last discard is a ron; a tsumo on the last tile is haitei)"),
        (s.haitei && s.rinshan, "haitei with rinshan (the replacement tile is not the last tile of the wall)"),
        (s.houtei && s.chankan, "houtei with chankan"),
        (s.haitei && s.houtei, "haitei with houtei"),
        (s.tenhou && !s.is_dealer(), "tenhou for a non-dealer"),
        (s.tenhou && !s.tsumo, "tenhou with ron"),
        (s.tenhou && has_melds, "tenhou with a meld"),
        (s.tenhou && riichi, "tenhou with riichi (the dealer wins on the deal, before any riichi)"),
        (s.chiihou && s.is_dealer(), "chiihou for the dealer"),
        (s.chiihou && !s.tsumo, "chiihou with ron"),
        (s.chiihou && has_melds, "chiihou with a meld"),
        (s.chiihou && riichi, "chiihou with riichi (the first draw comes before any riichi)"),
        (s.renhou && s.is_dealer(), "renhou for the dealer"),
        (s.renhou && s.tsumo, "renhou with tsumo"),
        (s.renhou && has_melds, "renhou with a meld"),
        (s.renhou && riichi, "renhou with riichi (renhou is before the winner's first draw)"),
        (s.tenhou && s.chiihou, "tenhou with chiihou"),
        (
            (s.tenhou || s.chiihou || s.renhou) && (s.rinshan || s.haitei || s.houtei || s.chankan),
            "a first-turn win with rinshan, chankan, haitei or houtei",
        ),
    ];
    if let Some((_, what)) = flags.iter().find(|(bad, _)| *bad) {
        return impossible(*what);
    }
    if s.dora.len() > 5 || s.ura.len() > 5 {
        return impossible("more than five dora or ura-dora indicators (one plus one per kan)");
    }
    if s.ura.len() > s.dora.len() && riichi {
        return impossible("more ura-dora indicators than dora indicators");
    }
    if s.chankan && s.dora.iter().chain(&s.ura).any(|&t| t == s.win) {
        return impossible(format!(
            "chankan on {} with a copy among the indicators (the kan being robbed holds the other three)",
            s.win
        ));
    }
    copies(s, hand, o)?;
    if o.sanma {
        if s.seat == Tile::NORTH {
            return impossible("a north seat in a three-player game");
        }
        let physical = hand.physical_counts();
        let mut shown = physical.tiles().chain(s.dora.iter().copied()).chain(s.ura.iter().copied());
        if let Some(t) = shown.find(|&t| missing_in_sanma(t)) {
            return impossible(format!("{t} in a three-player game (its set has no 2m–8m)"));
        }
        if hand.melds().iter().any(|m| matches!(m, Meld::Chi(_))) {
            return impossible("a chi in a three-player game");
        }
    } else if s.nuki > 0 {
        return impossible("north tiles set aside (nuki) in a four-player game");
    }
    Ok(())
}

/// No kind shown more than four times (hand, melds, indicators, nuki), and no more red fives than
/// the set has (one a suit).
fn copies(s: &Situation, hand: &Hand, o: &Options) -> Result<(), ScoreError> {
    let mut counts = hand.physical_counts();
    for &t in s.dora.iter().chain(&s.ura) {
        counts[t] += 1;
    }
    counts[Tile::NORTH] += s.nuki;
    if let Some(t) = Tile::ALL.into_iter().find(|&t| counts[t] > 4) {
        return impossible(format!(
            "a fifth copy of {t}: {} counting the hand, its melds, the dora indicators{}",
            counts[t],
            if o.sanma { " and the north tiles set aside" } else { "" }
        ));
    }
    let red = hand.red_fives();
    let meld_red = hand.meld_red_fives();
    for (i, suit) in ['m', 'p', 's'].into_iter().enumerate() {
        if red[i] + meld_red[i] > 1 {
            return impossible(format!("{} red fives of {suit} (the set has one)", red[i] + meld_red[i]));
        }
    }
    Ok(())
}
