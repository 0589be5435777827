//! A log cut before its games and read part by part (what `hupai replay` does on several
//! threads) gives exactly what reading it whole gives: the same games, the same event numbers,
//! the same errors naming the same game and event — on the real logs, on files of many games in
//! each format, and on damaged ones.

use std::path::{Path, PathBuf};

use hupai_game::formats::{self, GameLog, LogError};
use hupai_game::{Game, GameRules, mjai};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn by_parts(text: &str) -> Result<Vec<Result<GameLog, LogError>>, String> {
    let split = formats::split(text)?;
    let parts = (0..split.parts().len()).map(|i| split.read_part(i)).collect();
    Ok(split.join(parts))
}

/// The parts read and renumbered one by one, without `join` (what `hupai replay` does, each part
/// on the thread that read it): a part's games and events counted from the counts of the parts
/// before it, or the text read whole where a part is not clean.
fn by_clean_parts(text: &str) -> Result<Vec<Result<GameLog, LogError>>, String> {
    let split = formats::split(text)?;
    let parts: Vec<_> = (0..split.parts().len()).map(|i| split.read_part(i)).collect();
    if !parts.iter().enumerate().all(|(i, p)| split.part_is_clean(i, p)) {
        return formats::read(text);
    }
    let (mut games, mut events) = (Vec::new(), 0);
    for part in parts {
        let before = (games.len(), events);
        events += part.events();
        games.extend(part.into_games().into_iter().map(|g| match g {
            Ok(mut log) => {
                log.events.iter_mut().for_each(|e| e.at += before.1);
                Ok(log)
            }
            Err(mut e) => {
                e.game += before.0;
                e.event += before.1;
                Err(e)
            }
        }));
    }
    Ok(games)
}

/// Reads `text` whole and by parts; returns how many parts it was cut into.
fn same(text: &str, what: &str) -> usize {
    let whole = formats::read(text);
    assert_eq!(by_parts(text), whole, "{what}");
    assert_eq!(by_clean_parts(text), whole, "{what}, renumbered part by part");
    formats::split(text).map_or(0, |s| s.parts().len())
}

fn files(dir: &str) -> Vec<String> {
    // Gzipped logs are inflated by their readers before any split; the split is of text.
    let mut paths: Vec<PathBuf> = std::fs::read_dir(data().join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_none_or(|x| x != "gz"))
        .collect();
    paths.sort();
    paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect()
}

/// A seeded game of the engine's own, played to its end.
fn played(seed: u64) -> Game {
    let mut game = Game::new(GameRules::TENHOU, seed);
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while let Some(seat) = game.next_seat() {
        let legal = game.legal_actions(seat);
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        game.apply(seat, legal[(x % legal.len() as u64) as usize]).unwrap();
    }
    game
}

/// Damaged copies of a text: a line made garbage, a line cut out, the text cut short.
fn damaged(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for i in [0, 1, lines.len() / 3, lines.len() / 2, lines.len().saturating_sub(2)] {
        if i >= lines.len() {
            continue;
        }
        let mut garbage = lines.clone();
        garbage[i] = "{\"type\":\"start_game\",";
        out.push(garbage.join("\n"));
        let mut cut = lines.clone();
        cut.remove(i);
        out.push(cut.join("\n"));
    }
    for share in [3, 2] {
        let mut end = text.len() / share;
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        out.push(text[..end].to_string());
    }
    out
}

#[test]
fn every_real_log_reads_the_same_by_parts() {
    let mut checked = 0;
    for dir in ["mjai", "mjlog", "tenhou6"] {
        for text in files(dir) {
            same(&text, dir);
            checked += 1;
        }
    }
    // Every text log of the corpus (the gzipped ones are inflated by their readers first).
    assert!(checked >= 96, "{checked} logs");
}

#[test]
fn files_of_many_games_are_cut_per_game_and_read_the_same() {
    let games: Vec<Game> = (0..4).map(played).collect();
    let mjai_text: String = games.iter().map(|g| mjai::write(g.events(), 4)).collect();
    assert_eq!(same(&mjai_text, "mjai"), 4);
    let rules = GameRules::TENHOU;
    let tenhou6_text: String = games.iter().map(|g| formats::tenhou6::write(g.events(), &rules, &[]) + "\n").collect();
    assert_eq!(same(&tenhou6_text, "tenhou6 lines"), 4);
    // One game pretty-printed over many lines is one value: read whole.
    let pretty = serde_json::to_string_pretty(
        &serde_json::from_str::<serde_json::Value>(tenhou6_text.lines().next().unwrap()).unwrap(),
    )
    .unwrap();
    assert_eq!(same(&pretty, "tenhou6 pretty"), 1);
    assert_eq!(formats::read(&pretty).unwrap().len(), 1);
    let mjlog_files = files("mjlog");
    let mjlogs = mjlog_files.concat();
    // One game a file: the concatenation is cut into one part per file.
    assert!(mjlog_files.len() >= 71);
    assert_eq!(same(&mjlogs, "mjlog"), mjlog_files.len());
    for (what, text) in [("mjai", &mjai_text), ("tenhou6", &tenhou6_text), ("mjlog", &mjlogs)] {
        for bad in damaged(text) {
            same(&bad, what);
        }
    }
    // An mjlog game without its end tag runs to the next game's: the two are read as one.
    let open = mjlogs.replacen("</mjloggm>", "", 1);
    same(&open, "mjlog without an end tag");
    assert_eq!(formats::read(&open).unwrap().len(), mjlog_files.len() - 1);
}

#[test]
fn damaged_games_keep_their_numbers_and_places() {
    let games: Vec<Game> = (10..13).map(played).collect();
    let mut text: String = games.iter().map(|g| mjai::write(g.events(), 4)).collect();
    // The second game's fifth line is no event.
    let second = text.match_indices("start_game").nth(1).unwrap().0;
    let line_start = second + text[second..].match_indices('\n').nth(3).unwrap().0 + 1;
    let line_end = line_start + text[line_start..].find('\n').unwrap();
    text.replace_range(line_start..line_end, "{\"type\":\"fly\"}");
    let read = by_parts(&text).unwrap();
    assert_eq!(read, formats::read(&text).unwrap());
    let e = read[1].clone().unwrap_err();
    assert_eq!(e.game, 1);
    assert_eq!(e.event, text[..line_start].matches('\n').count());
    assert!(e.message.contains("fly"), "{e}");
    assert!(read[2].is_ok());
}
