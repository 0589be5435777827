//! The game engine (`hupai-game`) through the JSON call: the package's `Game` class. Games live in
//! a table in the module, each named by a handle (a number never given twice), because a game is
//! state and the call carries only JSON. `gameNew` and `gameClone` add a game, `gameFree` removes
//! one (the package calls it from `free()` and from a `FinalizationRegistry`), and every other
//! call names its game: a freed handle or one never given is an error saying which, never a trap.
//!
//! The shapes are Python's `hupai.game.Game`'s: actions and events as mjai objects (the engine's
//! `mjai::action_json` and `mjai::event_json`, what `hupai play` writes), a seat's view as an
//! object whose keys are the Python dict's in camelCase.

use std::cell::RefCell;
use std::collections::BTreeMap;

use hupai_game::mjai::{action_json, event_json};
use hupai_game::{Action, Actions, Family, Game as Engine, GameRules, Pai, Seat};
use serde_json::{Map, Value, json};

use crate::Failure;
use crate::args::Args;

/// Most games the module holds at once: a server that forgets `free()` and outruns the garbage
/// collector meets an error naming the limit rather than running the module out of memory.
const MOST_GAMES: usize = 100_000;

/// The module's games by handle.
struct Games {
    /// The handle the next game gets: handles are never reused, so a freed one stays an error.
    next: u64,
    games: BTreeMap<u64, Engine>,
    /// Each game's seed: the players' own seeds come from it, as `hupai play` seeds them.
    seeds: BTreeMap<u64, u64>,
    /// The players that have chosen for a seat of a game, by (game, seat): the random player
    /// keeps its generator between decisions, so a game's choices are `hupai play`'s.
    #[cfg(feature = "player")]
    players: BTreeMap<(u64, Seat), (hupai_player::PlayerKind, Box<dyn hupai_game::policy::Policy + Send>)>,
}

thread_local! {
    static GAMES: RefCell<Games> = const {
        RefCell::new(Games {
            next: 1,
            games: BTreeMap::new(),
            seeds: BTreeMap::new(),
            #[cfg(feature = "player")]
            players: BTreeMap::new(),
        })
    };
}

fn game_error(message: String) -> Failure {
    Failure::game(message)
}

/// The rule family's name, as Python's `Game.family` gives it (the name of its action table).
fn family_name(rules: &GameRules) -> &'static str {
    match rules.family {
        Family::Riichi if rules.players == 3 => "riichi3",
        Family::Riichi => "riichi4",
        other => other.name(),
    }
}

/// What a JSON value is, in a message.
fn shown(value: &Value) -> String {
    let text = value.to_string();
    if text.chars().count() > 60 { format!("{}…", text.chars().take(57).collect::<String>()) } else { text }
}

/// `rules`: a preset name or an object of flags (`{"preset": "tenhou", "length": "east"}`);
/// Tenhou's rules when absent.
fn read_rules(value: Option<Value>) -> Result<GameRules, Failure> {
    let text = match value {
        None => return Ok(GameRules::TENHOU),
        Some(Value::String(name)) => name,
        Some(object @ Value::Object(_)) => object.to_string(),
        Some(other) => {
            return Err(game_error(format!(
                "rules: expected a preset name ({}) or an object of flags, found {}",
                hupai_game::rules::PRESETS
                    .iter()
                    .chain(&hupai_game::rules::ONE_HAND_PRESETS)
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", "),
                shown(&other)
            )));
        }
    };
    GameRules::from_json(&text).map_err(|e| game_error(format!("rules: {e}")))
}

/// `seed`: a whole number from 0 to 2**64 - 1, as a JSON number or (from a JavaScript `BigInt`)
/// a string of decimal digits; 0 when absent.
fn read_seed(value: Option<Value>) -> Result<u64, Failure> {
    let bad = |v: &Value| game_error(format!("seed: {} is not a seed (a whole number from 0 to 2**64 - 1)", shown(v)));
    match value {
        None => Ok(0),
        Some(Value::Number(n)) => n.as_u64().ok_or_else(|| bad(&Value::Number(n))),
        Some(Value::String(s)) if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) => {
            s.parse().map_err(|_| bad(&Value::String(s)))
        }
        Some(other) => Err(bad(&other)),
    }
}

/// `game`: the handle of a game the module holds.
fn read_handle(args: &mut Args, games: &Games) -> Result<u64, Failure> {
    let value = args.value("game").ok_or_else(|| game_error("game: missing; expected a game's handle".to_owned()))?;
    let handle = value.as_u64().ok_or_else(|| game_error(format!("game: {} is not a game's handle", shown(&value))))?;
    if games.games.contains_key(&handle) {
        Ok(handle)
    } else if handle > 0 && handle < games.next {
        Err(game_error(format!("game {handle} has been freed")))
    } else {
        Err(game_error(format!("game {handle} does not exist")))
    }
}

/// `seat`: a seat at this game's table, checked as Python checks it (`what` names the method).
fn read_seat(value: Option<Value>, players: u8, what: &str) -> Result<Seat, Failure> {
    let value =
        value.ok_or_else(|| game_error(format!("{what}: seat missing; expected a seat (0 to {})", players - 1)))?;
    let Some(n) = value.as_i64().or_else(|| value.as_u64().map(|_| i64::MAX)) else {
        return Err(game_error(format!(
            "seat: {} is not a seat (a whole number: 0 to 3, or 0 to 2 with three players)",
            shown(&value)
        )));
    };
    u8::try_from(n).ok().filter(|&s| s < players).ok_or_else(|| {
        game_error(format!(
            "{what}: seat {value} does not exist: the table has {players} players (seats 0-{})",
            players - 1
        ))
    })
}

/// Answers one of the game calls (`gameNew`, `gameFree`, `gameState`, `gameLegalActions`,
/// `gameStep`, `gameEvents`, `gameView`, `gameClone`, `gameCount`); `None` for another name.
pub(crate) fn call(name: &str, args: &mut Args) -> Option<Result<Value, Failure>> {
    let known: &[&str] = match name {
        "gameNew" => &["rules", "seed"],
        "gameCount" => &[],
        "gameFree" | "gameState" | "gameClone" => &["game"],
        "gameLegalActions" | "gameView" | "gameEvents" => &["game", "seat"],
        "gameStep" => &["game", "seat", "action"],
        "gameChoose" => &["game", "seat", "player"],
        "gameExplain" | "gamePosition" => &["game", "seat"],
        "gameWins" | "gameTenhou6" => &["game"],
        _ => return None,
    };
    if let Err(e) = args.only(known) {
        return Some(Err(e));
    }
    Some(GAMES.with_borrow_mut(|games| answer(name, args, games)))
}

fn answer(name: &str, args: &mut Args, games: &mut Games) -> Result<Value, Failure> {
    match name {
        "gameNew" => {
            let rules = read_rules(args.value("rules"))?;
            let seed = read_seed(args.value("seed"))?;
            add(games, Engine::new(rules, seed), seed)
        }
        "gameCount" => Ok(Value::from(games.games.len())),
        "gameFree" => {
            // Freeing twice is no error: `free()` and the finalizer may both ask.
            let value = args.value("game").unwrap_or(Value::Null);
            let handle = value.as_u64();
            if let Some(h) = handle {
                games.seeds.remove(&h);
                #[cfg(feature = "player")]
                games.players.retain(|&(g, _), _| g != h);
            }
            Ok(Value::Bool(handle.is_some_and(|h| games.games.remove(&h).is_some())))
        }
        _ => {
            let handle = read_handle(args, games)?;
            let game =
                games.games.get_mut(&handle).ok_or_else(|| game_error(format!("game {handle} does not exist")))?;
            match name {
                "gameState" => Ok(state(game)),
                "gameLegalActions" => {
                    let seat = read_seat(args.value("seat"), game.players(), "legalActions")?;
                    Ok(Value::Array(game.legal_actions(seat).iter().map(|a| action_object(game, seat, a)).collect()))
                }
                "gameStep" => {
                    let seat = read_seat(args.value("seat"), game.players(), "step")?;
                    let action = args.value("action").unwrap_or(Value::Null);
                    step(game, seat, &action)?;
                    Ok(Value::Null)
                }
                "gameEvents" => {
                    let players = game.players();
                    match args.value("seat") {
                        // The log as `hupai play` writes it: `start_game` names rules other than
                        // Tenhou's, a Chinese win carries its score.
                        None => {
                            let text = hupai_game::mjai::write_with_rules(game.events(), game.rules());
                            let lines: Result<Vec<Value>, _> = text.lines().map(serde_json::from_str).collect();
                            Ok(Value::Array(lines.map_err(|e| game_error(format!("events: {e}")))?))
                        }
                        Some(seat) => {
                            let seat = read_seat(Some(seat), players, "events")?;
                            Ok(Value::Array(game.events_seen_by(seat).map(|e| event_json(&e, players)).collect()))
                        }
                    }
                }
                "gameView" => {
                    let seat = read_seat(args.value("seat"), game.players(), "view")?;
                    Ok(view(game, seat))
                }
                "gameClone" => {
                    let copy = game.clone();
                    let seed = games.seeds.get(&handle).copied().unwrap_or(0);
                    add(games, copy, seed)
                }
                "gameWins" => Ok(wins(game)),
                "gameTenhou6" => {
                    hupai_game::formats::tenhou6::check_rules(game.rules())
                        .map_err(|e| game_error(format!("tenhou6: {e}")))?;
                    Ok(Value::String(hupai_game::formats::tenhou6::write(game.events(), game.rules(), &[])))
                }
                "gameChoose" | "gameExplain" | "gamePosition" => players::answer(name, args, games, handle),
                other => Err(Failure::argument(format!("no function named '{other}'"))),
            }
        }
    }
}

/// Puts a game in the table: `{game, players, family}`.
fn add(games: &mut Games, game: Engine, seed: u64) -> Result<Value, Failure> {
    if games.games.len() >= MOST_GAMES {
        return Err(game_error(format!(
            "the module holds {MOST_GAMES} games, as many as it keeps: free() the games that are over"
        )));
    }
    let handle = games.next;
    games.next += 1;
    let answer = json!({"game": handle, "players": game.players(), "family": family_name(game.rules())});
    games.games.insert(handle, game);
    games.seeds.insert(handle, seed);
    Ok(answer)
}

/// A Chinese family's fan by the id its win records: GB's fan number (`hupai_score::gb::Fan`), or
/// the index in the family's table (`hupai_score::regional`), named as the scorer names it in its
/// own answer; `None` under riichi rules or for an id the scorer does not know.
fn fan_name(family: Family, id: u8) -> Option<String> {
    match family {
        Family::Riichi => None,
        Family::Gb => hupai_score::gb::Fan::from_id(id).map(|f| f.name_en().to_owned()),
        regional => match hupai_score::Scorer::shared(regional.name()) {
            Ok(hupai_score::Scorer::Regional(table)) => table.fans.get(usize::from(id)).map(|f| f.name.clone()),
            _ => None,
        },
    }
}

/// Every win so far, in order, with what it was worth (the `hora` events' scores, which mjai's
/// events leave out): `{actor, target, pai, han, fu, yakuman, points, yaku: [[id, han]], fans,
/// deltas, uraMarkers}`; `yaku` holds Tenhou's yaku ids under riichi rules, the family's fan ids
/// under the Chinese families, where `fans` names each (`[{name, fan}]`, the fan × its count) as
/// the family's scorer does; `han` is then the fan total.
fn wins(game: &Engine) -> Value {
    let n = usize::from(game.players());
    let family = game.rules().family;
    let list = game
        .events()
        .iter()
        .filter_map(|e| match e {
            hupai_game::Event::Hora { actor, target, pai, deltas, ura_markers, ura_len, score } => Some(json!({
                "actor": actor,
                "target": target,
                "pai": pai.mjai(),
                "han": score.han,
                "fu": score.fu,
                "yakuman": score.yakuman,
                "points": score.points,
                "yaku": score.yaku().iter().map(|&(id, han)| json!([id, han])).collect::<Vec<_>>(),
                "fans": score
                    .yaku()
                    .iter()
                    .filter_map(|&(id, fan)| fan_name(family, id).map(|name| json!({"name": name, "fan": fan})))
                    .collect::<Vec<_>>(),
                "deltas": &deltas[..n],
                "uraMarkers": ura_markers[..usize::from(*ura_len)].iter().map(|p| p.mjai()).collect::<Vec<_>>(),
            })),
            _ => None,
        })
        .collect();
    Value::Array(list)
}

/// The players' calls: with the `player` feature, the seat's choice by a named player, the
/// `hupai` player's explanation and the seat's position as the advice takes it (`{hand, visible,
/// turns, rules}`, for the Play view's hints); without it, an error saying which module has them.
mod players {
    use super::*;

    #[cfg(feature = "player")]
    pub(super) fn answer(name: &str, args: &mut Args, games: &mut Games, handle: u64) -> Result<Value, Failure> {
        use hupai_player::{Hupai, PlayerKind};
        let Some(game) = games.games.get(&handle) else {
            return Err(game_error(format!("game {handle} does not exist")));
        };
        let what = what(name);
        let seat = read_seat(args.value("seat"), game.players(), what)?;
        if name == "gamePosition" {
            // The seat's hand as the discard advice takes it, at any time: `null` once it holds no
            // hand the advice reads.
            let position = hupai_player::review::position_any(game, seat).map(|(p, ..)| p);
            return serde_json::to_value(position).map_err(|e| game_error(format!("position: {e}")));
        }
        let legal = game.legal_actions(seat);
        if legal.is_empty() || game.is_over() {
            return Err(game_error(format!("{what}: seat {seat} has nothing to decide now")));
        }
        if name == "gameExplain" {
            let why = Hupai::new().explain(game, seat);
            return serde_json::to_value(why).map_err(|e| game_error(format!("explain: {e}")));
        }
        let kind = match args.value("player") {
            None => PlayerKind::Hupai,
            Some(Value::String(s)) => s.parse::<PlayerKind>().map_err(|_| {
                game_error(format!("choose: unknown player {s:?} (players: {})", PlayerKind::NAMES.join(", ")))
            })?,
            Some(other) => {
                return Err(game_error(format!(
                    "choose: player must be a name ({}), found {}",
                    PlayerKind::NAMES.join(", "),
                    shown(&other)
                )));
            }
        };
        let seed = games.seeds.get(&handle).copied().unwrap_or(0);
        let slot = games.players.entry((handle, seat)).or_insert_with(|| {
            // `hupai play`'s seeds: the game's seed plus the seat times 0x9E37_79B9.
            (kind, kind.build(seed.wrapping_add(u64::from(seat) * 0x9E37_79B9)))
        });
        if slot.0 != kind {
            *slot = (kind, kind.build(seed.wrapping_add(u64::from(seat) * 0x9E37_79B9)));
        }
        let action = slot.1.choose(game, seat, &legal);
        Ok(action_object(game, seat, &action))
    }

    /// The package's method a call answers.
    fn what(name: &str) -> &'static str {
        match name {
            "gameChoose" => "choose",
            "gamePosition" => "position",
            _ => "explain",
        }
    }

    #[cfg(not(feature = "player"))]
    pub(super) fn answer(name: &str, _args: &mut Args, _games: &mut Games, _handle: u64) -> Result<Value, Failure> {
        let what = what(name);
        Err(game_error(format!(
            "{what}: the players are in the module hupai_player_bg.wasm (initPlayer()), not in hupai_bg.wasm"
        )))
    }
}

/// Everything the getters read, in one answer.
fn state(game: &Engine) -> Value {
    let n = usize::from(game.players());
    json!({
        "players": game.players(),
        "family": family_name(game.rules()),
        "seat": game.next_seat(),
        "toAct": (0..game.players()).filter(|s| game.to_act() & (1 << s) != 0).collect::<Vec<_>>(),
        "done": game.is_over(),
        "scores": &game.scores()[..n],
        "finalPoints": game.final_points().map(|p| p[..n].to_vec()),
        "kyoku": game.kyoku_name(),
        "tilesLeft": game.tiles_left(),
    })
}

/// The mjai object of an action of `seat` now (with its target when it answers a claim).
fn action_object(game: &Engine, seat: Seat, action: &Action) -> Value {
    let target = game.tile_on_offer().map_or(seat, |(from, _)| from);
    action_json(seat, target, action)
}

/// What `seat` sees now: Python's `view` dict with camelCase keys.
fn view(game: &Engine, seat: Seat) -> Value {
    let v = game.view(seat);
    let n = usize::from(v.players);
    let names = |pais: &mut dyn Iterator<Item = Pai>| pais.map(|p| p.mjai()).collect::<Vec<_>>();
    let melds: Vec<Vec<Value>> = v.melds[..n]
        .iter()
        .map(|seat_melds| {
            seat_melds
                .iter()
                .map(|m| {
                    json!({
                        "type": format!("{:?}", m.kind).to_lowercase(),
                        "pais": names(&mut m.tiles().iter().copied()),
                        "from": m.from,
                    })
                })
                .collect()
        })
        .collect();
    let rivers: Vec<Vec<Value>> = v.rivers[..n]
        .iter()
        .map(|river| {
            river
                .iter()
                .map(|t| json!({"pai": t.pai.mjai(), "tsumogiri": t.tsumogiri, "riichi": t.riichi, "called": t.called}))
                .collect()
        })
        .collect();
    let voids: Vec<Option<String>> = v.voids[..n].iter().map(|s| s.map(|s| s.letter().to_string())).collect();
    let winds: Vec<&str> = (0..v.players).map(|s| game.seat_wind(s).mjai()).collect();
    json!({
        "seat": v.seat,
        "hand": names(&mut v.hand.tiles()),
        "drawn": v.drawn.map(|p| p.mjai()),
        "handSizes": &v.hand_sizes[..n],
        "melds": melds,
        "rivers": rivers,
        "riichi": &v.riichi[..n],
        "kita": &v.nuki[..n],
        "flowers": &v.flowers[..n],
        "voids": voids,
        "out": &v.out[..n],
        "seatWinds": winds,
        "doraMarkers": names(&mut v.dora_markers.iter().copied()),
        "scores": &v.scores[..n],
        "bakaze": v.bakaze.mjai(),
        "kyoku": v.kyoku,
        "honba": v.honba,
        "kyotaku": v.kyotaku,
        "oya": v.oya,
        "tilesLeft": v.tiles_left,
        "onOffer": game.tile_on_offer().map(|(from, p)| json!([from, p.mjai()])),
    })
}

/// Plays `action` (an mjai object) for `seat`, or says why not and changes nothing.
fn step(game: &mut Engine, seat: Seat, action: &Value) -> Result<(), Failure> {
    if game.is_over() {
        return Err(game_error("step: the game is over".to_owned()));
    }
    let legal = game.legal_actions(seat);
    if legal.is_empty() {
        let waiting: Vec<String> =
            (0..game.players()).filter(|s| game.to_act() & (1 << s) != 0).map(|s| s.to_string()).collect();
        return Err(game_error(format!(
            "step: seat {seat} has nothing to decide now (waiting for seat {})",
            waiting.join(", ")
        )));
    }
    let chosen = resolve(game, &legal, seat, action)?;
    game.apply(seat, chosen).map_err(|e| game_error(format!("step: {e}")))
}

/// The legal action an mjai object names: the action itself, else the legal one that differs only
/// in what an object need not spell out (the order of `consumed`, which five of a kan is red).
fn resolve(game: &Engine, legal: &Actions, seat: Seat, action: &Value) -> Result<Action, Failure> {
    let wanted = action_from_object(action, legal)?;
    if let Some(exact) = legal.iter().copied().find(|a| *a == wanted) {
        return Ok(exact);
    }
    if let Some(alike) = legal.iter().copied().find(|a| same_choice(a, &wanted)) {
        return Ok(alike);
    }
    match game.clone().apply(seat, wanted) {
        // A false win the rules play as a penalty (GB's `false_win_penalty`) is the engine's to
        // settle, though no legal action offers it.
        Ok(()) if wanted == Action::Hora && game.rules().false_win_penalty > 0 => Ok(wanted),
        Ok(()) => Err(game_error(format!("step: seat {seat} may not {} now", wanted.kind()))),
        Err(e) => Err(game_error(format!("step: {e}"))),
    }
}

/// Kinds of tiles, sorted, with whether any is red.
fn kinds(pais: &[Pai]) -> (Vec<usize>, bool) {
    let mut k: Vec<usize> = pais.iter().map(|p| p.kind_index()).collect();
    k.sort_unstable();
    (k, pais.iter().any(|p| p.is_red()))
}

/// True when two actions are the same choice, as Python's action ids tell them apart: a chi by
/// its tiles' kinds and whether one is red, a pon by its tile and whether it or a consumed one is
/// red, a kan from a discard or added by its tile, a closed kan by its kind.
fn same_choice(a: &Action, b: &Action) -> bool {
    match (a, b) {
        (Action::Chi { pai: p, consumed: c }, Action::Chi { pai: q, consumed: d }) => {
            p.kind_index() == q.kind_index() && kinds(&[*p, c[0], c[1]]) == kinds(&[*q, d[0], d[1]])
        }
        (Action::Pon { pai: p, consumed: c }, Action::Pon { pai: q, consumed: d }) => {
            p == q && (p.is_red() || kinds(c) == kinds(d))
        }
        (Action::Daiminkan { pai: p, .. }, Action::Daiminkan { pai: q, .. }) => p == q,
        (Action::Ankan { consumed: c }, Action::Ankan { consumed: d }) => c[0].kind_index() == d[0].kind_index(),
        _ => a == b,
    }
}

/// The object's key, or an error naming what it lacks.
fn item<'a>(object: &'a Map<String, Value>, key: &str) -> Result<&'a Value, Failure> {
    object
        .get(key)
        .ok_or_else(|| game_error(format!("action: {} has no '{key}'", shown(&Value::Object(object.clone())))))
}

fn pai_of(value: &Value, key: &str) -> Result<Pai, Failure> {
    let text = value.as_str().ok_or_else(|| game_error(format!("action: '{key}' must be a tile name like \"5mr\"")))?;
    text.parse::<Pai>().ok().filter(|p| !p.is_unknown()).ok_or_else(|| {
        game_error(format!(
            "action: '{key}': {text:?} is not a tile (mjai names: 1m-9m, 1p-9p, 1s-9s, E S W N P F C, 5mr 5pr 5sr)"
        ))
    })
}

fn pais_of<const N: usize>(object: &Map<String, Value>, key: &str) -> Result<[Pai; N], Failure> {
    let list = item(object, key)?
        .as_array()
        .ok_or_else(|| game_error(format!("action: '{key}' must be a list of {N} tiles")))?;
    if list.len() != N {
        return Err(game_error(format!("action: '{key}' must list {N} tiles, found {}", list.len())));
    }
    let mut out = [Pai::UNKNOWN; N];
    for (slot, value) in out.iter_mut().zip(list) {
        *slot = pai_of(value, key)?;
    }
    Ok(out)
}

/// The engine action an mjai object names (its `actor` and `target` are not read). A `dahai`
/// without `tsumogiri` means the legal one of that tile, from the hand if both are.
fn action_from_object(value: &Value, legal: &[Action]) -> Result<Action, Failure> {
    let Value::Object(object) = value else {
        return Err(game_error(format!("step: an action is an mjai object, found {}", shown(value))));
    };
    let kind =
        item(object, "type")?.as_str().ok_or_else(|| game_error("action: 'type' must be a string".to_owned()))?;
    let pai = || pai_of(item(object, "pai")?, "pai");
    Ok(match kind {
        "dahai" => {
            let pai = pai()?;
            let tsumogiri = match object.get("tsumogiri") {
                Some(v) => v.as_bool().ok_or_else(|| game_error("action: 'tsumogiri' must be a boolean".to_owned()))?,
                None => !legal.contains(&Action::Dahai { pai, tsumogiri: false }),
            };
            Action::Dahai { pai, tsumogiri }
        }
        "reach" => Action::Reach,
        "chi" => Action::Chi { pai: pai()?, consumed: pais_of(object, "consumed")? },
        "pon" => Action::Pon { pai: pai()?, consumed: pais_of(object, "consumed")? },
        "daiminkan" => Action::Daiminkan { pai: pai()?, consumed: pais_of(object, "consumed")? },
        "kakan" => Action::Kakan { pai: pai()? },
        "ankan" => Action::Ankan { consumed: pais_of(object, "consumed")? },
        "kita" => Action::Kita,
        "hora" => Action::Hora,
        "ryukyoku" => Action::Ryukyoku,
        "none" => Action::None,
        "qishouhu" => Action::Qishouhu,
        "kaigang" => Action::Kaigang { pai: pai()? },
        "haidi" => Action::Haidi,
        "huansanzhang" => Action::Exchange { pai: pai()? },
        "dingque" => {
            let suit = match item(object, "suit")?.as_str() {
                Some("m") => hupai::Suit::Man,
                Some("p") => hupai::Suit::Pin,
                Some("s") => hupai::Suit::Sou,
                _ => return Err(game_error("action: 'suit' must be \"m\", \"p\" or \"s\"".to_owned())),
            };
            Action::Dingque { suit }
        }
        other => {
            return Err(game_error(format!(
                "action: unknown type {other:?} (dahai, reach, chi, pon, daiminkan, kakan, ankan, kita, hora, ryukyoku, none, qishouhu, kaigang, haidi, huansanzhang, dingque)"
            )));
        }
    })
}
