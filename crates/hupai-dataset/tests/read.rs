//! The reader on real logs (the riichi logs hupai-game's replay test ships) and on logs of every
//! family played by the engine: every row's action is among its legal ids, the planes show a
//! seat nothing hidden, damaged logs are reported with their place, and the outcome columns
//! agree with the games.

use std::path::{Path, PathBuf};

use hupai_dataset::action_table::ActionTable;
use hupai_dataset::{Columns, Options, Planes, Source, features, read, read_texts};
use hupai_game::policy::{Policy, Random, play_out};
use hupai_game::replay::replay_with_game;
use hupai_game::{Game, GameRules};

fn files(dir: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hupai-game/tests/data").join(dir);
    // The reader reads text: the gzipped logs (which the command line inflates) are left out.
    let mut out: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_none_or(|x| x != "gz"))
        .collect();
    out.sort();
    out
}

/// Checks what must hold of any columns: shapes, every action legal, ranks and seats in range.
fn check_rows(c: &Columns) {
    let (n, p, a) = (c.len(), c.players(), c.actions());
    assert_eq!(c.mask.len(), n * a);
    assert_eq!(c.hand_deltas.len(), n * p);
    assert_eq!(c.final_scores.len(), n * p);
    for i in 0..n {
        let id = usize::try_from(c.action[i]).unwrap();
        assert!(c.mask[i * a + id], "row {i}: action {id} is not among its legal ids");
        assert!((0..p as i8).contains(&c.seat[i]) && (0..p as i8).contains(&c.rank[i]));
    }
}

/// Logs of `games` games under `rules`, played by random players, as `hupai play` writes them.
fn played(rules: GameRules, games: u64) -> Vec<Source> {
    (0..games)
        .map(|seed| {
            let mut game = Game::new(rules, seed);
            play_out(&mut game, &mut Random::new(seed));
            Source {
                name: format!("seed {seed}"),
                text: Ok(hupai_game::mjai::write_with_rules(game.events(), game.rules())),
            }
        })
        .collect()
}

#[test]
fn real_riichi_logs_of_every_format_are_read() {
    let logs: Vec<PathBuf> = ["mjlog", "tenhou6", "mjai"].iter().flat_map(|d| files(d)).collect();
    let c = read(&logs, &Options { planes: Planes::U8, ..Options::default() });
    check_rows(&c);
    assert_eq!(c.family.unwrap().name, "riichi4");
    assert!(c.games >= 80, "{} games read", c.games);
    // The logs hupai-game's replay test knows are not legal games (or need rules their header
    // cannot say), each reported with where, and no other.
    let known = [
        "2023081200gm-00a9-0000-b14c9329",
        "2023102817gm-00a9-0000-3abd1803",
        "confusing_nakis_1",
        "confusing_nakis_2",
        "obs-draw-discard",
        "2009022022gm-00a9-0000-cd94aac8",
        "no-game-end",
    ];
    // Three-player logs are reported too: one action table a corpus.
    let sanma = c.damaged.iter().filter(|d| d.message.starts_with("its rules are of the riichi3 family")).count();
    for d in &c.damaged {
        assert!(
            known.iter().any(|k| d.file.contains(k)) || d.message.starts_with("its rules are of the riichi3 family"),
            "unexpected damaged log: {d}"
        );
        assert!(d.game == Some(0) && !d.message.is_empty(), "{d}");
    }
    assert!(c.damaged.len() >= 6, "{:?}", c.damaged);
    assert_eq!(c.planes_u8.len(), c.len() * c.channels() * 34);
    // Read with the three-player family, those logs are read whole and the others reported.
    let family = ActionTable::for_rules(&GameRules::TENHOU_3P).unwrap().family;
    let three = read(&logs, &Options { family: Some(family), ..Options::default() });
    assert_eq!(three.family.unwrap().name, "riichi3");
    assert!(sanma >= 3);
    // Every three-player log but the Mahjong Soul records that need their room's rules or
    // contradict themselves (hupai-game's replay test lists them), and no other.
    let soul = three.damaged.iter().filter(|d| d.file.contains("mjai-reviewer3p")).count();
    assert!(soul <= 3, "{:?}", three.damaged);
    assert_eq!(three.games as usize + soul, sanma, "every three-player log and no other");
    check_rows(&three);
}

#[test]
fn every_family_played_by_the_engine_is_read() {
    for (name, family) in [
        ("tenhou", "riichi4"),
        ("tenhou-3p", "riichi3"),
        ("gb", "gb"),
        ("sichuan", "sichuan"),
        ("hongzhong", "hongzhong"),
        ("changsha", "changsha"),
    ] {
        let rules = GameRules::preset(name).unwrap();
        let logs = played(rules, 3);
        let c = read_texts(&logs, &Options::default());
        assert!(c.damaged.is_empty(), "{name}: {:?}", c.damaged);
        assert_eq!((c.family.unwrap().name, c.games), (family, 3));
        check_rows(&c);
        // The final scores are the games' own.
        let p = c.players();
        for g in 0..3u64 {
            let mut game = Game::new(rules, g);
            play_out(&mut game, &mut Random::new(g));
            let i = c.file.iter().position(|&f| u64::from(f) == g).unwrap();
            assert_eq!(&c.final_scores[i * p..(i + 1) * p], &game.scores()[..p], "{name} game {g}");
        }
        // Only seat 2's rows when asked.
        let two = read_texts(&logs, &Options { seats: 0b100, planes: Planes::None, ..Options::default() });
        assert!(two.seat.iter().all(|&s| s == 2) && !two.is_empty());
        assert_eq!(two.len(), c.seat.iter().filter(|&&s| s == 2).count());
    }
}

#[test]
fn planes_show_nothing_hidden() {
    // At every decision, the seat's planes are the same when every tile it cannot see (the other
    // hands, the wall) is dealt again: the planes read only what the seat sees.
    for name in ["tenhou", "tenhou-3p", "gb", "sichuan", "hongzhong", "changsha"] {
        let rules = GameRules::preset(name).unwrap();
        let table = ActionTable::for_rules(&rules).unwrap();
        let c = features::channels(table.family) * 34;
        for source in played(rules, 2) {
            let log = hupai_game::formats::read(source.text.as_ref().unwrap()).unwrap().remove(0).unwrap();
            let (mut checked, mut differ) = (0, 0);
            replay_with_game(&log, 0, rules, &mut |game, d| {
                let mut seen = vec![0f32; c];
                let mut other = vec![0f32; c];
                features::write(game, d.seat, table.family, &mut seen);
                let dealt = game.determinize(d.seat, 7 + checked);
                features::write(&dealt, d.seat, table.family, &mut other);
                assert_eq!(seen, other, "{name}: seat {}'s planes changed with the hidden tiles", d.seat);
                // The check can fail: another seat's planes do differ from this seat's.
                let next = game.next_in_turn(d.seat, 1);
                features::write(game, next, table.family, &mut other);
                differ += u64::from(seen != other);
                checked += 1;
            })
            .unwrap();
            assert!(checked > 0 && differ > 0, "{name}: {checked} decisions checked");
        }
    }
}

#[test]
fn running_planes_equal_the_planes_written_whole() {
    // The reader keeps each seat's planes from decision to decision and writes again only the
    // planes whose inputs changed: at every decision of games of every family, in both forms,
    // they equal the planes written whole, for the deciding seat and (asked out of turn, as no
    // reader does) for the next one; and the packed form is the float32 form quantized.
    for name in ["tenhou", "tenhou-3p", "gb", "sichuan", "hongzhong", "changsha"] {
        let rules = GameRules::preset(name).unwrap();
        let family = ActionTable::for_rules(&rules).unwrap().family;
        let c = features::channels(family) * 34;
        let scales = hupai_dataset::plane_scales(family);
        // Kept across the games, as the reader may keep them: nothing of a game is assumed.
        let mut running_f32 = features::Running::<f32>::new(family);
        let mut running_u8 = features::Running::<u8>::new(family);
        let mut checked = 0;
        for source in played(rules, 2) {
            let log = hupai_game::formats::read(source.text.as_ref().unwrap()).unwrap().remove(0).unwrap();
            replay_with_game(&log, 0, rules, &mut |game, d| {
                for seat in [d.seat, game.next_in_turn(d.seat, 1)] {
                    let mut whole = vec![0f32; c];
                    features::write(game, seat, family, &mut whole);
                    assert_eq!(running_f32.planes(game, seat), &whole[..], "{name}: seat {seat}'s float32 planes");
                    let mut packed = vec![0u8; c];
                    features::write_u8(game, seat, family, &mut packed);
                    assert_eq!(running_u8.planes(game, seat), &packed[..], "{name}: seat {seat}'s uint8 planes");
                    for (i, (&b, &v)) in packed.iter().zip(&whole).enumerate() {
                        assert_eq!(b, features::quantize(v, scales[i / 34]), "{name}: plane {}", i / 34);
                    }
                    if checked % 97 == 0 {
                        // A buffer of another size gets what fits, and nothing past the planes.
                        let mut short = vec![7f32; c - 40];
                        features::write(game, seat, family, &mut short);
                        assert_eq!(short[..], whole[..c - 40], "{name}: a short buffer");
                        let mut long = vec![7u8; c + 40];
                        features::write_u8(game, seat, family, &mut long);
                        assert_eq!((&long[..c], &long[c..]), (&packed[..], &[7u8; 40][..]), "{name}: a long buffer");
                    }
                }
                checked += 1;
            })
            .unwrap();
        }
        assert!(checked > 100, "{name}: {checked} decisions checked");
    }
}

#[test]
fn running_planes_tell_a_game_from_its_clone_played_apart() {
    // A game and its clone played on apart have rivers of the same lengths holding other tiles:
    // asked in turn of one `Running` for the same seats, each gets its own planes (the planes
    // written whole), through the deals that follow and the games' ends, in both forms. The
    // planes kept are of every game of the family met before.
    for name in ["tenhou", "tenhou-3p", "gb", "sichuan", "hongzhong", "changsha"] {
        let rules = GameRules::preset(name).unwrap();
        let family = ActionTable::for_rules(&rules).unwrap().family;
        let c = features::channels(family) * 34;
        let mut running_f32 = features::Running::<f32>::new(family);
        let mut running_u8 = features::Running::<u8>::new(family);
        // Steps at which some seat's rivers in the two games are as long and not the same.
        let mut apart = 0;
        for seed in 0..3 {
            let mut game = Game::new(rules, seed);
            game.set_recording(false);
            let mut together = Random::new(seed);
            for _ in 0..20 + 40 * seed {
                let Some(seat) = game.next_seat() else { break };
                let action = together.choose(&game, seat, &game.legal_actions(seat));
                game.apply(seat, action).unwrap();
            }
            let mut other = game.clone();
            let mut policies = [Random::new(100 + seed), Random::new(200 + seed)];
            for _ in 0..1500 {
                let mut moved = false;
                for (g, policy) in [&mut game, &mut other].into_iter().zip(&mut policies) {
                    if let Some(seat) = g.next_seat() {
                        let action = policy.choose(g, seat, &g.legal_actions(seat));
                        g.apply(seat, action).unwrap();
                        moved = true;
                    }
                }
                if !moved {
                    break;
                }
                for seat in 0..rules.players {
                    for g in [&game, &other] {
                        let mut whole = vec![0f32; c];
                        features::write(g, seat, family, &mut whole);
                        assert_eq!(running_f32.planes(g, seat), &whole[..], "{name}: seat {seat}'s float32 planes");
                        let mut packed = vec![0u8; c];
                        features::write_u8(g, seat, family, &mut packed);
                        assert_eq!(running_u8.planes(g, seat), &packed[..], "{name}: seat {seat}'s uint8 planes");
                    }
                }
                let pais = |g: &Game, s| g.river(s).iter().map(|t| t.pai).collect::<Vec<_>>();
                if (0..rules.players)
                    .any(|s| game.river(s).len() == other.river(s).len() && pais(&game, s) != pais(&other, s))
                {
                    apart += 1;
                }
            }
        }
        assert!(apart > 200, "{name}: {apart} steps with rivers as long and apart");
    }
}

#[test]
fn damaged_logs_are_reported_not_dropped() {
    let mut logs = played(GameRules::TENHOU, 3);
    // A file that is not a log, one cut in the middle of a hand, one with an illegal discard.
    let good = logs[1].text.clone().unwrap();
    let lines: Vec<&str> = good.lines().collect();
    logs.push(Source { name: "cut".into(), text: Ok(lines[..lines.len() / 2].join("\n")) });
    logs.push(Source { name: "not a log".into(), text: Ok("hello".into()) });
    logs.push(Source { name: "unreadable".into(), text: Err("cannot be read: no such file".into()) });
    let c = read_texts(&logs, &Options { planes: Planes::None, ..Options::default() });
    assert_eq!(c.games, 3);
    let names: Vec<&str> = c.damaged.iter().map(|d| d.file.as_str()).collect();
    assert_eq!(names, ["cut", "not a log", "unreadable"]);
    assert_eq!(c.damaged[0].game, Some(0));
    assert!(c.damaged[0].event > 0, "{}", c.damaged[0]);
    // The good games' rows are all there: the same as reading them alone.
    let alone = read_texts(&logs[..3], &Options { planes: Planes::None, ..Options::default() });
    assert_eq!((c.action.clone(), c.mask.clone()), (alone.action, alone.mask));
}

#[test]
fn quantize_rounds_then_clamps() {
    // The packed cell is `round` then `clamp` of the scaled value, at every step of a quarter
    // (halves included, which round away from zero), past both ends, and for NaN (0).
    let plain = |v: f32, (lo, step): (f32, f32)| ((v - lo) / step).round().clamp(0.0, 255.0) as u8;
    let mut checked = 0;
    for scale in [(0.0, 1.0), (0.0, 0.01), (-0.5, 1.0 / 128.0)] {
        for i in -2000..=(300 * 4) {
            let v = scale.0 + scale.1 * (i as f32 / 4.0);
            assert_eq!(features::quantize(v, scale), plain(v, scale), "{v} in {scale:?}");
            checked += 1;
        }
        assert_eq!(features::quantize(f32::NAN, scale), plain(f32::NAN, scale));
        assert_eq!(features::quantize(f32::INFINITY, scale), 255);
    }
    assert!(checked > 9000);
}
