//! The package's functions, one per name: each reads its arguments (`Args`), asks the `hupai`
//! facade (or `hupai-score`), and writes the answer as the JSON the command line and the Python
//! package give for the same question. Nothing is computed here that the facade does not compute.

use hupai::odds::ev::{self, EvError, EvOptions, Figures, Policy};
use hupai::{Answer, Discard, Effective, EffectiveTile, Error, Hand, Rules, Tile, TileCounts, TileSet};
use hupai_score::Scorer;
use serde::Serialize;
use serde::ser::SerializeMap;
use serde_json::{Value, json};

use crate::Failure;
use crate::args::Args;

/// Tile names in tile order (`1m`…`9m`, `1p`…, `1s`…, `1z`…`7z`).
pub const TILE_NAMES: [&str; Tile::COUNT] = [
    "1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", //
    "1p", "2p", "3p", "4p", "5p", "6p", "7p", "8p", "9p", //
    "1s", "2s", "3s", "4s", "5s", "6s", "7s", "8s", "9s", //
    "1z", "2z", "3z", "4z", "5z", "6z", "7z",
];

/// Most decompositions `decompositions` lists without a `limit` (as in Python).
const UNLIMITED_AT_MOST: u64 = 100_000;

/// Longest hand or visible-tiles text read: `hupai batch`'s line cap.
const MOST_TEXT: usize = 4096;

/// The rules and the wildcard tile a call asked for (`rules`, `wildcardTile`, `wildcardFifthCopy`).
struct Options {
    rules: Rules,
    wildcard_tile: Option<Tile>,
}

impl Options {
    /// As the command line and Python read them: `wildcardTile` replaces the rules' own wildcard
    /// tile (`7z` under `hongzhong`) and must name a kind (`5m`, never `0m`).
    fn read(args: &mut Args) -> Result<Options, Failure> {
        let text = args.optional_string("rules")?;
        let rules: Rules = match text.as_deref() {
            None => Rules::STANDARD,
            Some(text) => text.parse().map_err(|e: hupai::UnknownRules| Failure::argument(e.to_string()))?,
        };
        let wildcard_tile = match args.optional_string("wildcardTile")? {
            None => rules.wildcard_tile,
            Some(text) => Some(hupai::wildcard_kind(&text).ok_or_else(|| {
                Failure::argument(format!(
                    "wildcardTile {text:?}: expected one kind such as 7z or 5m (a red five is a five: write 5m)"
                ))
            })?),
        };
        let fifth = args.flag("wildcardFifthCopy")? || rules.wildcard_fifth_copy;
        let rules = rules.with_wildcard_fifth_copy(fifth).with_wildcard_tile(wildcard_tile);
        Ok(Options { rules, wildcard_tile })
    }

    /// Reads a hand as `hupai batch` reads a line: a trailing `\r` dropped, a blank one is "empty
    /// hand", the rules' wildcard tile applied.
    fn hand(&self, text: &str) -> Result<Hand, Failure> {
        if text.len() > MOST_TEXT {
            return Err(Failure::hand(format!("the hand is {} bytes long; at most {MOST_TEXT} are read", text.len())));
        }
        let line = text.strip_suffix('\r').unwrap_or(text);
        if line.trim().is_empty() {
            return Err(Failure::hand("empty hand".to_owned()));
        }
        hupai::parse_hand(line, &self.rules).map_err(hand_error)
    }
}

fn hand_error(e: Error) -> Failure {
    Failure::hand(e.to_string())
}

fn tile_list(set: TileSet) -> Value {
    Value::Array(set.iter().map(|t| Value::from(TILE_NAMES[t.index()])).collect())
}

fn discard_name(d: Discard) -> &'static str {
    match d {
        Discard::Tile(t) => TILE_NAMES[t.index()],
        Discard::Wildcard => "*",
    }
}

/// `visible`: tiles seen outside the hand, in hand notation, without wildcards.
fn visible(args: &mut Args) -> Result<TileCounts, Failure> {
    let Some(text) = args.optional_string("visible")? else { return Ok(TileCounts::EMPTY) };
    if text.len() > MOST_TEXT {
        return Err(Failure::hand(format!("visible: {} bytes long; at most {MOST_TEXT} are read", text.len())));
    }
    let hand: Hand = text.parse().map_err(|e: Error| Failure::hand(format!("visible: {e}")))?;
    if hand.wildcards() > 0 {
        return Err(Failure::hand("visible: wildcards are not tiles one can see; list concrete tiles".to_owned()));
    }
    Ok(hand.physical_counts())
}

/// `{"discard"?, "shanten", "effective": {tile: unseen}, "unseen"}`, the Python package's dict,
/// written with its tiles in tile order (a JSON object's keys keep the order they are written in,
/// and JavaScript keeps them so).
struct EffectiveJson<'a> {
    discard: Option<&'static str>,
    effective: &'a Effective,
}

impl Serialize for EffectiveJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        if let Some(d) = self.discard {
            map.serialize_entry("discard", d)?;
        }
        map.serialize_entry("shanten", &self.effective.shanten)?;
        map.serialize_entry("effective", &TilesJson(&self.effective.tiles))?;
        map.serialize_entry("unseen", &self.effective.unseen())?;
        map.end()
    }
}

/// Effective tiles as `{tile: unseen}` in tile order.
struct TilesJson<'a>(&'a [EffectiveTile]);

impl Serialize for TilesJson<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for t in self.0 {
            map.serialize_entry(TILE_NAMES[t.tile.index()], &t.unseen)?;
        }
        map.end()
    }
}

/// JSON text of a value written in its own order.
fn json_text(value: &impl Serialize) -> Result<String, Failure> {
    serde_json::to_string(value).map_err(|e| Failure::argument(format!("the answer could not be written as JSON: {e}")))
}

/// Answers one call: the function's name and its arguments as a JSON object; the answer as JSON.
pub fn call(name: &str, arguments: &str) -> Result<String, Failure> {
    let mut args = Args::parse(arguments)?;
    if let Some(answer) = crate::game::call(name, &mut args) {
        let answer = answer?;
        args.finish()?;
        return Ok(answer.to_string());
    }
    const HAND: [&str; 4] = ["hand", "rules", "wildcardTile", "wildcardFifthCopy"];
    let extra: &[&str] = match name {
        "decompositions" => &["limit"],
        "effectiveTiles" | "discardAdvice" => &["visible"],
        "discardEv" => &["visible", "turns", "handChanges", "shantenBack", "riichi", "discard"],
        _ => &[],
    };
    match name {
        "score" => args.only(&["situation", "rules", "table"])?,
        "constants" => args.only(&[])?,
        "replay" => args.only(&["log", "game", "rules"])?,
        "review" => args.only(&["log", "seat", "rules", "odds"])?,
        _ => args.only(&[&HAND[..], extra].concat())?,
    }
    let answer = match name {
        "isWin" => is_win(&mut args),
        "waits" => waits(&mut args),
        "check" => check(&mut args),
        "decompositions" => decompositions(&mut args),
        "countDecompositions" => count_decompositions(&mut args),
        "shanten" => shanten(&mut args),
        "effectiveTiles" => return finish(args, effective_tiles),
        "discardAdvice" => return finish(args, discard_advice),
        "discardEv" => discard_ev(&mut args),
        "score" => score(&mut args),
        #[cfg(not(feature = "player"))]
        "replay" => crate::replay::replay(&mut args),
        // The players' module reads logs only to review them: the replay's step-by-step layout,
        // which the log view needs, stays in the page's module (each module weighs at most 2 MB).
        #[cfg(feature = "player")]
        "replay" => Err(Failure::log(
            "replay: the players' module (hupai_player_bg.wasm) does not lay a log out step by step: ask hupai_bg.wasm (this module reviews logs: review)".to_owned(),
        )),
        "review" => crate::review::review(&mut args),
        "constants" => Ok(constants()),
        other => return Err(Failure::argument(format!("no function named '{other}'"))),
    }?;
    args.finish()?;
    Ok(answer.to_string())
}

/// A call whose answer writes its own JSON text.
fn finish(mut args: Args, f: fn(&mut Args) -> Result<String, Failure>) -> Result<String, Failure> {
    let answer = f(&mut args)?;
    args.finish()?;
    Ok(answer)
}

/// The package's constants: its version, the rule presets, the scored rule sets, the game presets,
/// the tiles.
fn constants() -> Value {
    json!({
        "version": env!("CARGO_PKG_VERSION"),
        "rules": Rules::PRESETS.iter().map(|(name, _)| *name).collect::<Vec<_>>(),
        "scoreRules": hupai_score::RULE_SETS.as_slice(),
        "gameRules": hupai_game::rules::PRESETS.iter().chain(&hupai_game::rules::ONE_HAND_PRESETS).collect::<Vec<_>>(),
        "tiles": TILE_NAMES.as_slice(),
    })
}

fn is_win(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    // Plain notation is answered from its counts when the keyed lookups cover it, as in Python.
    if let Some((counts, wildcards)) = hupai::notation::plain_counts(&text)
        && options.wildcard_tile.is_none_or(|t| counts[t] == 0)
        && let Some(win) = hupai::is_win_concealed(&counts, wildcards, &options.rules)
    {
        return Ok(Value::Bool(win));
    }
    let hand = options.hand(&text)?;
    hupai::is_win(&hand, &options.rules).map(Value::Bool).map_err(hand_error)
}

fn waits(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let hand = options.hand(&text)?;
    hupai::waits(&hand, &options.rules).map(tile_list).map_err(hand_error)
}

/// The object `hupai batch` prints for one line: `{hand, win}`, `{hand, waits}` or `{hand, error}`.
fn check(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let answer = options.hand(&text).and_then(|h| hupai::answer(&h, &options.rules).map_err(hand_error));
    Ok(match answer {
        Ok(Answer::Win(win)) => json!({"hand": text, "win": win}),
        Ok(Answer::Waits(waits)) => json!({"hand": text, "waits": tile_list(waits)}),
        Err(e) => json!({"hand": text, "error": e.message}),
    })
}

fn decompositions(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let limit = args.count("limit", u32::MAX.into())?;
    let options = Options::read(args)?;
    let hand = options.hand(&text)?;
    let most = limit.unwrap_or(UNLIMITED_AT_MOST);
    let listed = hupai::decompositions_up_to(&hand, &options.rules, most as usize).map_err(hand_error)?;
    if limit.is_none() && listed.is_cut() {
        return Err(Failure::argument(format!(
            "the hand has {} decompositions; pass {{limit: N}} for the first N, or count them with countDecompositions",
            listed.total
        )));
    }
    Ok(Value::Array(
        listed
            .decompositions
            .iter()
            .map(|d| Value::Array(d.to_string().split(' ').map(Value::from).collect()))
            .collect(),
    ))
}

fn count_decompositions(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let hand = options.hand(&text)?;
    hupai::count_decompositions(&hand, &options.rules).map(Value::from).map_err(hand_error)
}

fn shanten(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let hand = options.hand(&text)?;
    hupai::shanten(&hand, &options.rules).map(|s| Value::from(s.number)).map_err(hand_error)
}

fn effective_tiles(args: &mut Args) -> Result<String, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let visible = visible(args)?;
    let hand = options.hand(&text)?;
    let effective = hupai::effective_tiles(&hand, &options.rules, &visible).map_err(hand_error)?;
    json_text(&EffectiveJson { discard: None, effective: &effective })
}

fn discard_advice(args: &mut Args) -> Result<String, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let visible = visible(args)?;
    let hand = options.hand(&text)?;
    let advice = hupai::discard_advice(&hand, &options.rules, &visible).map_err(hand_error)?;
    let lines: Vec<EffectiveJson> =
        advice.iter().map(|o| EffectiveJson { discard: Some(discard_name(o.discard)), effective: &o.after }).collect();
    json_text(&lines)
}

fn ev_error(e: EvError) -> Failure {
    match e {
        EvError::Hand(_) | EvError::TooManySeen { .. } => Failure::hand(e.to_string()),
        _ => Failure::argument(e.to_string()),
    }
}

/// The draw odds per discard, Python's `discard_ev` lines. With `discard` (a tile or `*`), only
/// that discard's line: the hand after it asked alone, the discarded tile counted as seen, so the
/// figures are the full table's (a page computes the table a discard at a time to show progress).
fn discard_ev(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("hand")?;
    let options = Options::read(args)?;
    let visible = visible(args)?;
    let turns = args.count("turns", u8::MAX.into())?.map_or(ev::DEFAULT_TURNS, |t| t as u8);
    let policy =
        Policy::SHORTEST_PATH.with_hand_changes(args.flag("handChanges")?).with_shanten_back(args.flag("shantenBack")?);
    let riichi = args.flag("riichi")?;
    let only = args.optional_string("discard")?;
    let hand = options.hand(&text)?;
    let rules = options.rules;
    let scorer = Scorer::for_rules(&rules);
    let ev_options = EvOptions {
        turns,
        policy,
        riichi,
        visible,
        wildcard_tile: options.wildcard_tile,
        scorer: scorer.as_ref().map(|s| s as &dyn ev::WinValue),
        ..EvOptions::default()
    };
    let line = |discard: Discard, shanten: i8, figures: &Figures| {
        json!({
            "discard": discard_name(discard),
            "shanten": shanten,
            "tenpai": figures.tenpai,
            "win": figures.win,
            "score": figures.score,
            "policy": policy.to_string(),
            "riichi": riichi,
        })
    };
    let Some(only) = only else {
        let table = ev::discard_ev(&hand, &rules, &ev_options).map_err(ev_error)?;
        return Ok(Value::Array(table.iter().map(|l| line(l.discard, l.shanten, &l.figures)).collect()));
    };
    let discard = match only.as_str() {
        "*" => Discard::Wildcard,
        name => match TILE_NAMES.iter().position(|t| *t == name) {
            Some(i) => Discard::Tile(Tile::new(i).ok_or_else(|| Failure::argument(format!("discard: {only:?}")))?),
            None => return Err(Failure::argument(format!("discard: expected a tile such as 5m or *, found {only:?}"))),
        },
    };
    let advice = hupai::discard_advice(&hand, &rules, &visible).map_err(hand_error)?;
    let Some(option) = advice.iter().find(|o| o.discard == discard) else {
        return Err(Failure::argument(format!("discard: the hand holds no {only} to discard")));
    };
    let (after, seen) = without(&hand, discard, options.wildcard_tile)?;
    let mut one = ev_options;
    if let Some(t) = seen {
        one.visible[t] += 1;
    }
    let figures = ev::hand_ev(&after, &rules, &one).map_err(ev_error)?;
    Ok(Value::Array(vec![line(discard, option.after.shanten, &figures)]))
}

/// The hand after a discard, and the kind that discard puts on the table (none for a plain
/// wildcard). The hand is rebuilt from its counts: the draw odds never read red fives.
fn without(hand: &Hand, discard: Discard, wildcard_tile: Option<Tile>) -> Result<(Hand, Option<Tile>), Failure> {
    let gone = || Failure::argument("discard: the hand holds no such tile".to_owned());
    let mut copies = *hand.wildcard_copies();
    let mut concealed = *hand.concealed();
    let mut plain = hand.wildcards().checked_sub(copies.total() as u8).ok_or_else(gone)?;
    let seen = match discard {
        Discard::Tile(t) => {
            concealed[t] = concealed[t].checked_sub(1).ok_or_else(gone)?;
            Some(t)
        }
        // A wildcard-tile copy goes first: it is a tile the others see; then a plain wildcard.
        Discard::Wildcard => match copies.kinds().iter().next() {
            Some(t) => {
                copies[t] -= 1;
                Some(t)
            }
            None => {
                plain = plain.checked_sub(1).ok_or_else(gone)?;
                None
            }
        },
    };
    // The copies go back as concealed tiles and become wildcards again, remembered as copies.
    for t in Tile::ALL {
        concealed[t] += copies[t];
    }
    let rebuilt = Hand::new(concealed, plain, hand.melds()).map_err(hand_error)?;
    let rebuilt = match wildcard_tile {
        Some(t) if rebuilt.concealed()[t] > 0 => rebuilt.with_wildcard_tile(t).map_err(hand_error)?,
        _ => rebuilt,
    };
    Ok((rebuilt, seen))
}

/// Scores one situation: the object a `hupai score` line holds (`hand`, `win`, `tsumo`, …), under
/// `rules` (`riichi` by default), optionally with a regional `table` replacing the preset's.
fn score(args: &mut Args) -> Result<Value, Failure> {
    let situation =
        args.object("situation")?.ok_or_else(|| Failure::argument("situation: missing; expected an object".into()))?;
    let rules = args.optional_string("rules")?.unwrap_or_else(|| "riichi".to_owned());
    let table = args.value("table");
    let owned;
    let scorer = match table {
        None => Scorer::shared(&rules).map_err(|e| Failure::argument(e.to_string()))?,
        Some(table) => {
            let text = match table {
                Value::String(s) => s,
                other => other.to_string(),
            };
            owned = match Scorer::by_name(&rules).map_err(|e| Failure::argument(e.to_string()))? {
                Scorer::Regional(_) => hupai_score::regional::Table::from_json_text(&text)
                    .map(Scorer::Regional)
                    .map_err(|e| Failure::argument(format!("table: {e}")))?,
                _ => {
                    return Err(Failure::argument(format!(
                        "a table applies to the regional rule sets, not to '{rules}'"
                    )));
                }
            };
            &owned
        }
    };
    let answer = scorer.answer_object(&situation).and_then(|s| s.to_json());
    answer.map_err(|e| Failure::score(e.to_string()))
}
