//! `replay`: a game log (mjai, tenhou.net/6 or mjlog) read and replayed through the game engine
//! (`hupai_game::replay`, the command line's `hupai replay`), and laid out for a viewer: one step
//! per discard, with what the discarding seat knew (its hand, every river and meld, the dora
//! indicators) in hand notation, so the page asks the same `discardAdvice`, `shanten` and `waits`
//! of it as of a typed hand. A damaged game is not thrown: its error (game, hand, event, why) comes
//! with the steps before it, so a viewer shows both.

use hupai_game::formats::{self, LogError, LogEvent};
use hupai_game::{Event, GameRules, Pai, replay};
use serde_json::{Value, json};

use crate::Failure;
use crate::args::Args;
use crate::calls::TILE_NAMES;

/// Longest log read: a long match's mjlog is well under a megabyte.
const MOST_LOG: usize = 16 << 20;

/// A tile in hand notation: `0m` for a red five, `1f`–`8f` for flowers, `?` hidden.
fn mpsz(pai: Pai) -> &'static str {
    const RED: [&str; 3] = ["0m", "0p", "0s"];
    if pai.is_red() {
        return RED[pai.kind_index() / 9];
    }
    match pai.kind() {
        Some(t) => TILE_NAMES[t.index()],
        None => pai.mjai(),
    }
}

/// Tiles in hand notation, sorted (suits grouped: `1230m55p`).
fn notation(tiles: &[Pai]) -> String {
    let mut sorted: Vec<Pai> = tiles.to_vec();
    // By kind, a red five after the plain fives.
    sorted.sort_by_key(|p| (p.kind_index(), p.is_red()));
    let mut out = String::new();
    let mut suit: Option<u8> = None;
    for p in sorted {
        let name = mpsz(p).as_bytes();
        let (digit, s) = match name {
            [d, s] if s.is_ascii_alphabetic() => (*d as char, *s),
            _ => {
                // Not a kind (hidden): written as it is.
                if let Some(s) = suit.take() {
                    out.push(s as char);
                }
                out.push_str(mpsz(p));
                continue;
            }
        };
        if let Some(prev) = suit
            && prev != s
        {
            out.push(prev as char);
        }
        out.push(digit);
        suit = Some(s);
    }
    if let Some(s) = suit {
        out.push(s as char);
    }
    out
}

/// A declared meld: its tiles and whether it is concealed (a concealed kan).
#[derive(Clone)]
struct Meld {
    tiles: Vec<Pai>,
    concealed: bool,
    /// The tile taken from another seat's river, if any.
    called: Option<Pai>,
}

impl Meld {
    fn text(&self) -> String {
        let inner = notation(&self.tiles);
        if self.concealed { format!("({inner})") } else { format!("[{inner}]") }
    }
}

/// One seat's public and private tiles as the log shows them.
#[derive(Clone, Default)]
struct Seat {
    hand: Vec<Pai>,
    melds: Vec<Meld>,
    river: Vec<Pai>,
    /// River indices taken by another seat's call.
    called: Vec<usize>,
    /// The river index of the riichi declaration tile.
    riichi: Option<usize>,
    /// Riichi declared, its tile not yet discarded.
    declaring: bool,
    /// Tiles set aside: kita norths, flowers.
    aside: Vec<Pai>,
}

impl Seat {
    fn take(&mut self, pai: Pai) -> Result<(), String> {
        match self.hand.iter().position(|&p| p == pai) {
            Some(i) => {
                self.hand.swap_remove(i);
                Ok(())
            }
            None => Err(format!("the hand holds no {pai}")),
        }
    }

    fn hand_text(&self) -> String {
        let mut text = notation(&self.hand);
        for m in &self.melds {
            text.push_str(&m.text());
        }
        text
    }
}

/// The table during one hand.
struct Table {
    seats: Vec<Seat>,
    dora: Vec<Pai>,
    scores: Vec<i32>,
    kyoku: String,
    /// The last tile drawn, and by whom.
    drawn: Option<(u8, Pai)>,
    /// The last discard, and by whom: a call takes it from that river.
    last_discard: Option<u8>,
}

impl Table {
    /// Every tile `seat` sees outside its own hand and melds: the rivers (a called tile is counted
    /// in the meld that took it), the others' melds, the dora indicators, the tiles set aside.
    fn visible(&self, seat: usize) -> String {
        let mut seen: Vec<Pai> = self.dora.clone();
        for (i, s) in self.seats.iter().enumerate() {
            seen.extend(s.river.iter().enumerate().filter(|(k, _)| !s.called.contains(k)).map(|(_, &p)| p));
            seen.extend(s.aside.iter().copied().filter(|p| p.kind().is_some()));
            // The seat's own melds are in its hand, the tiles they called with them.
            if i != seat {
                seen.extend(s.melds.iter().flat_map(|m| m.tiles.iter().copied()));
            }
        }
        seen.retain(|p| p.kind().is_some());
        notation(&seen)
    }

    fn rivers(&self) -> Value {
        Value::Array(
            self.seats
                .iter()
                .map(|s| {
                    json!({
                        "tiles": s.river.iter().map(|&p| mpsz(p)).collect::<Vec<_>>(),
                        "called": s.called,
                        "riichi": s.riichi,
                        "melds": s.melds.iter().map(Meld::text).collect::<Vec<_>>(),
                        "aside": s.aside.iter().map(|&p| mpsz(p)).collect::<Vec<_>>(),
                    })
                })
                .collect(),
        )
    }

    /// The seat whose river the last discard is in takes note that it was called.
    fn mark_called(&mut self, target: u8) -> Result<(), String> {
        if self.last_discard != Some(target) {
            return Err(format!("a call on seat {target}'s discard, which is not the last one"));
        }
        let s = &mut self.seats[usize::from(target)];
        let Some(last) = s.river.len().checked_sub(1) else {
            return Err(format!("seat {target} has discarded nothing"));
        };
        s.called.push(last);
        Ok(())
    }
}

/// What `replay` answers for one game: its steps and, if it failed, where.
struct Walk {
    steps: Vec<Value>,
    /// The first event the steps could not follow (its index in the file) and why.
    stopped: Option<(usize, String, String)>,
}

/// The steps of a game's events, up to (not including) the event numbered `until` in the file.
fn walk(events: &[LogEvent], players: usize, until: usize) -> Walk {
    let mut steps = Vec::new();
    let mut table: Option<Table> = None;
    for le in events.iter().take_while(|e| e.at < until) {
        if let Err(why) = step(le, players, &mut table, &mut steps) {
            let kyoku = table.as_ref().map_or_else(|| "start".to_owned(), |t| t.kyoku.clone());
            return Walk { steps, stopped: Some((le.at, kyoku, why)) };
        }
    }
    Walk { steps, stopped: None }
}

fn seat_of(table: &mut Table, actor: u8) -> Result<&mut Seat, String> {
    table.seats.get_mut(usize::from(actor)).ok_or_else(|| format!("no seat {actor} at this table"))
}

fn step(le: &LogEvent, players: usize, table: &mut Option<Table>, steps: &mut Vec<Value>) -> Result<(), String> {
    if let Event::StartKyoku { bakaze, dora_marker, kyoku, honba, scores, tehais, .. } = le.event {
        let wind = ["E", "S", "W", "N"][bakaze.kind_index().saturating_sub(27) & 3];
        let seats = tehais[..players]
            .iter()
            .map(|t| Seat { hand: t.iter().copied().filter(|p| !p.is_unknown()).collect(), ..Seat::default() })
            .collect();
        *table = Some(Table {
            seats,
            dora: vec![dora_marker],
            scores: scores[..players].to_vec(),
            kyoku: if honba > 0 { format!("{wind}{kyoku}-{honba}") } else { format!("{wind}{kyoku}") },
            drawn: None,
            last_discard: None,
        });
        return Ok(());
    }
    let Some(t) = table.as_mut() else { return Ok(()) };
    match le.event {
        Event::Tsumo { actor, pai } => {
            seat_of(t, actor)?.hand.push(pai);
            t.drawn = Some((actor, pai));
        }
        Event::Reach { actor } => seat_of(t, actor)?.declaring = true,
        Event::Dahai { actor, pai, tsumogiri } => {
            let seat = usize::from(actor);
            let visible = t.visible(seat);
            let rivers = t.rivers();
            let s = seat_of(t, actor)?;
            let hand = s.hand_text();
            let declaring = std::mem::take(&mut s.declaring);
            s.take(pai)?;
            let after = s.hand_text();
            if declaring {
                s.riichi = Some(s.river.len());
            }
            s.river.push(pai);
            let drawn = match t.drawn.take() {
                Some((a, p)) if a == actor => Some(mpsz(p)),
                _ => None,
            };
            t.last_discard = Some(actor);
            steps.push(json!({
                "event": le.at,
                "kyoku": t.kyoku,
                "seat": actor,
                "hand": hand,
                "drawn": drawn,
                "discard": mpsz(pai),
                "tsumogiri": tsumogiri,
                "riichi": declaring,
                "after": after,
                "visible": visible,
                "dora": t.dora.iter().map(|&p| mpsz(p)).collect::<Vec<_>>(),
                "scores": t.scores,
                "rivers": rivers,
            }));
        }
        Event::Chi { actor, target, pai, consumed } | Event::Pon { actor, target, pai, consumed } => {
            t.mark_called(target)?;
            let s = seat_of(t, actor)?;
            for c in consumed {
                s.take(c)?;
            }
            s.melds.push(Meld { tiles: vec![consumed[0], consumed[1], pai], concealed: false, called: Some(pai) });
            t.drawn = None;
        }
        Event::Daiminkan { actor, target, pai, consumed } => {
            t.mark_called(target)?;
            let s = seat_of(t, actor)?;
            for c in consumed {
                s.take(c)?;
            }
            let mut tiles = consumed.to_vec();
            tiles.push(pai);
            s.melds.push(Meld { tiles, concealed: false, called: Some(pai) });
            t.drawn = None;
        }
        Event::Ankan { actor, consumed } => {
            let s = seat_of(t, actor)?;
            for c in consumed {
                s.take(c)?;
            }
            s.melds.push(Meld { tiles: consumed.to_vec(), concealed: true, called: None });
        }
        Event::Kakan { actor, pai, .. } => {
            let s = seat_of(t, actor)?;
            s.take(pai)?;
            let pon = s
                .melds
                .iter_mut()
                .find(|m| m.tiles.len() == 3 && m.called.is_some() && m.tiles.iter().all(|p| p.kind() == pai.kind()))
                .ok_or_else(|| format!("a kakan of {pai} without its pon"))?;
            pon.tiles.push(pai);
        }
        Event::Kita { actor, pai } | Event::Hua { actor, pai } => {
            let s = seat_of(t, actor)?;
            s.take(pai)?;
            s.aside.push(pai);
        }
        Event::Dora { dora_marker } => t.dora.push(dora_marker),
        _ => {}
    }
    Ok(())
}

fn where_json(game: usize, kyoku: &str, event: usize, message: &str) -> Value {
    json!({"game": game, "kyoku": kyoku, "event": event, "message": message})
}

/// `replay({log, game?, rules?})`.
pub(crate) fn replay(args: &mut Args) -> Result<Value, Failure> {
    let text = args.string("log")?;
    let game = args.count("game", u32::MAX.into())?.unwrap_or(0) as usize;
    let rules = match args.optional_string("rules")? {
        None => None,
        Some(r) => Some(GameRules::from_json(&r).map_err(|e| Failure::argument(format!("rules: {e}")))?),
    };
    if text.len() > MOST_LOG {
        return Err(Failure::log(format!("the log is {} bytes long; at most {MOST_LOG} are read", text.len())));
    }
    let games = formats::read(&text).map_err(Failure::log)?;
    let count = games.len();
    let Some(log) = games.into_iter().nth(game) else {
        return Err(Failure::argument(format!("game {game}: the log holds {count} game(s)")));
    };
    let log = match log {
        Ok(log) => log,
        Err(e) => {
            return Ok(json!({
                "games": count, "game": game, "players": null, "names": [], "handRules": null,
                "steps": [], "error": where_json(e.game, &e.kyoku, e.event, &e.message),
            }));
        }
    };
    let rules = rules.unwrap_or_else(|| replay::default_rules(&log));
    let players = usize::from(log.header.players.clamp(3, 4));
    let replayed = replay::replay(&log, game, rules, &mut |_| {});
    let until = match &replayed {
        Ok(_) => usize::MAX,
        Err(e) => e.event,
    };
    let walk = walk(&log.events, players, until);
    let error = match (&replayed, walk.stopped) {
        (Err(LogError { game, kyoku, event, message, .. }), _) => where_json(*game, kyoku, *event, message),
        (Ok(_), Some((event, kyoku, why))) => where_json(game, &kyoku, event, &why),
        (Ok(_), None) => Value::Null,
    };
    let hand_rules = rules.hand_rules();
    Ok(json!({
        "games": count,
        "game": game,
        "players": players,
        "names": log.header.names,
        "handRules": hand_rules.preset_name(),
        "wildcardTile": hand_rules.wildcard_tile.map(|t| TILE_NAMES[t.index()]),
        "scores": replayed.as_ref().ok().map(|r| r.scores.clone()),
        "steps": walk.steps,
        "error": error,
    }))
}
