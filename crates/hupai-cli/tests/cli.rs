//! Runs the real `hupai` binary: the batch contract (lines, order, errors, exit
//! status), `check --json`, `algorithms --json`, `--wildcard-tile`, and odd input bytes.
//! Expected answers come from the `backtrack` reference in-process, never from recorded output.

use hupai_tiles::{Algorithm, Answer, Capabilities, Hand, Rules, Tile, TileCounts};
use serde_json::Value;

mod common;

/// Runs `hupai ARGS` with `stdin`; returns stdout and the exit code. hupai must read all of stdin,
/// end by itself (not by a signal) and print to stderr only when it fails.
fn hupai(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let run = common::run(args, stdin);
    assert!(run.stdin_written, "hupai {args:?} did not read its input");
    assert_ne!(run.code, -1, "hupai {args:?} ended by a signal");
    assert!(run.stderr.is_empty() || run.code != 0, "stderr: {}", run.stderr);
    (run.stdout, run.code)
}

fn json_lines(stdout: &str) -> Vec<Value> {
    stdout.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn backtrack() -> &'static dyn Algorithm {
    hupai_harness::find("backtrack").expect("backtrack is registered")
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

/// The batch line the reference expects for `line` (without its newline), or `None` to skip.
fn expected_batch(line: &str, rules: &Rules) -> Value {
    let shown = line.strip_suffix('\r').unwrap_or(line);
    if shown.trim().is_empty() {
        return serde_json::json!({"hand": shown, "error": "empty hand"});
    }
    let answer = shown.parse::<Hand>().and_then(|h| backtrack().answer(&h, rules));
    match answer {
        Ok(Answer::Win(w)) => serde_json::json!({"hand": shown, "win": w}),
        Ok(Answer::Waits(set)) => {
            let waits: Vec<String> = set.iter().map(|t| t.to_string()).collect();
            serde_json::json!({"hand": shown, "waits": waits})
        }
        Err(e) => serde_json::json!({"hand": shown, "error": e.to_string()}),
    }
}

#[test]
fn readme_example_prints_an_error_line_then_the_waits_and_exits_2() {
    let (out, code) = hupai(&["batch"], b"12x\n123m456p789s1122z\n");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 2, "{out}");
    assert_eq!(lines[0]["hand"], "12x");
    let error = lines[0]["error"].as_str().expect("an error line");
    assert!(error.contains("'x'") && error.contains("position 3"), "{error}");
    // 13 tiles: a waits line. The hand is a double-pair wait on East and South.
    assert_eq!(lines[1], serde_json::json!({"hand": "123m456p789s1122z", "waits": ["1z", "2z"]}));
    assert_eq!(lines[1], expected_batch("123m456p789s1122z", &Rules::STANDARD));
    assert_eq!(code, 2);
    // The exact text of a line is part of the contract too.
    assert_eq!(out.lines().nth(1), Some(r#"{"hand": "123m456p789s1122z", "waits": ["1z", "2z"]}"#));
}

#[test]
fn complete_hands_get_win_lines_and_exit_0() {
    let hands = ["123m456p789s11122z", "123m456p789s11123z", "1112345678999m5m", "11m234p**[789s][5555z]3s"];
    let input = hands.join("\n") + "\n";
    let (out, code) = hupai(&["batch"], input.as_bytes());
    let lines = json_lines(&out);
    assert_eq!(lines.len(), hands.len());
    for (line, hand) in lines.iter().zip(hands) {
        assert_eq!(*line, expected_batch(hand, &Rules::STANDARD));
        assert!(line["win"].is_boolean(), "{line}");
    }
    assert_eq!(lines[0]["win"], true);
    assert_eq!(lines[1]["win"], false);
    assert_eq!(code, 0);
    assert_eq!(out.lines().next(), Some(r#"{"hand": "123m456p789s11122z", "win": true}"#));
}

/// For every registered algorithm and a hand needing each feature: an algorithm lacking the
/// feature answers an error line saying "unsupported" (and naming itself); one that has it
/// answers. Either way the batch goes on.
#[test]
fn algorithms_answer_or_say_unsupported_as_their_capabilities_say() {
    let plain = Rules::STANDARD;
    let cases: [(&str, &[&str], Rules); 7] = [
        ("123m456p789s111z2z*", &[], plain),
        ("123m45p1z********", &[], plain),
        ("123m456p789s1112z*", &["--wildcard-fifth-copy"], plain.with_wildcard_fifth_copy(true)),
        ("123m456p789s1z[111z]", &[], plain),
        ("11223344556677z", &["--rules", "riichi"], Rules::RIICHI),
        ("19m19p19s1234567z1m", &["--rules", "chinese"], Rules::CHINESE),
        ("123m456p789s123m11122z", &["--rules", "taiwan"], Rules::TAIWAN),
    ];
    let mut unsupported_seen = 0;
    for algorithm in hupai_harness::algorithms() {
        let caps: Capabilities = algorithm.capabilities();
        for (text, flags, rules) in &cases {
            let mut args = vec!["batch", "--algorithm", algorithm.name()];
            args.extend_from_slice(flags);
            let input = format!("{text}\n12x\n");
            let (out, code) = hupai(&args, input.as_bytes());
            let lines = json_lines(&out);
            assert_eq!(lines.len(), 2, "{out}");
            assert!(lines[1]["error"].is_string(), "the batch goes on after line 1: {out}");
            assert_eq!(code, 2);
            let hand: Hand = text.parse().unwrap();
            // A case of the wrong size would test the size check, not the capability.
            assert!(hand.shape(rules).is_ok(), "case {text} does not fit {rules}");
            match caps.missing(&hand, rules) {
                Some(feature) => {
                    unsupported_seen += 1;
                    let error = lines[0]["error"].as_str().unwrap_or_else(|| panic!("{out}"));
                    assert!(error.contains("unsupported") && error.contains(algorithm.name()), "{error}");
                    assert!(error.contains(&feature.to_string()), "{error}");
                }
                None => assert_eq!(lines[0], expected_batch(text, rules), "{} {text}", algorithm.name()),
            }
        }
    }
    // Every case needs the feature it is named for: backtrack handles all of them.
    let all = Capabilities::ALL;
    assert!(cases.iter().all(|(t, _, r)| all.missing(&t.parse().unwrap(), r).is_none()));
    let lacking = Capabilities { wildcards: false, declared_melds: false, seventeen_tiles: false, ..all };
    assert!(cases.iter().filter(|(t, _, r)| lacking.missing(&t.parse().unwrap(), r).is_some()).count() >= 4);
    eprintln!("{unsupported_seen} unsupported answers among the registered algorithms");
}

/// A tiny deterministic generator (splitmix64), so the test needs no crate and never changes.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random hand of `size` concealed tiles, often a winning shape: groups and a pair drawn with at
/// most four copies of a kind, topped up with random tiles if the groups do not fit.
fn random_hand(rng: &mut Rng, size: usize, wildcards: usize) -> String {
    let mut counts = TileCounts::EMPTY;
    let mut left = size - wildcards;
    let add = |counts: &mut TileCounts, tiles: &[usize]| -> bool {
        let mut next = *counts;
        for &t in tiles {
            next.0[t] += 1;
            if next.0[t] > 4 {
                return false;
            }
        }
        *counts = next;
        true
    };
    let mut tries = 0;
    while left > 0 && tries < 50 {
        tries += 1;
        let t = rng.below(Tile::COUNT);
        let group: Vec<usize> = match (left % 3, rng.below(3)) {
            (2, _) => vec![t, t],
            (_, 0) => vec![t, t, t],
            _ if Tile::ALL[t].starts_sequence() => vec![t, t + 1, t + 2],
            _ => vec![t],
        };
        if group.len() <= left && add(&mut counts, &group) {
            left -= group.len();
        }
    }
    while left > 0 {
        let t = rng.below(Tile::COUNT);
        if add(&mut counts, &[t]) {
            left -= 1;
        }
    }
    let hand = Hand::from_counts(counts, wildcards as u8).unwrap();
    hand.to_string()
}

#[test]
fn order_is_kept_on_a_large_mixed_input() {
    let mut rng = Rng(2);
    let bad = ["12x", "", "11111m", "123m", "  ", "8z", "[12m]", "🀄🀄", "1m\"2m\\", "123m456p789s11122z\r"];
    let mut lines = Vec::new();
    for i in 0..100_000 {
        let (kind, pick) = (rng.below(10), rng.below(10));
        let line = match kind {
            0 => bad[pick].to_owned(),
            1..=5 => random_hand(&mut rng, 14, [0, 0, 0, 0, 0, 0, 1, 1, 2, 3][pick]),
            6 | 7 => random_hand(&mut rng, 13, [0, 0, 0, 0, 0, 0, 0, 1, 1, 2][pick]),
            _ => format!("{}{}", random_hand(&mut rng, 11, 0), ["[123m]", "[777z]", "1m", ""][i % 4]),
        };
        lines.push(line);
    }
    let input = lines.join("\n"); // no newline after the last line: still a line
    let (out, code) = hupai(&["batch"], input.as_bytes());
    let got = json_lines(&out);
    assert_eq!(got.len(), lines.len());
    let mut wins = 0;
    let mut errors = 0;
    for (i, (line, answer)) in lines.iter().zip(&got).enumerate() {
        let shown = line.strip_suffix('\r').unwrap_or(line);
        assert_eq!(answer["hand"], shown, "line {}", i + 1);
        wins += usize::from(answer["win"] == true);
        errors += usize::from(answer["error"].is_string());
        // The reference is slow in a debug build: check every 7th line's answer in full.
        if i % 7 == 0 {
            assert_eq!(*answer, expected_batch(line, &Rules::STANDARD), "line {}", i + 1);
        }
    }
    assert!(wins > 10_000 && errors > 5_000, "a mixed corpus: {wins} wins, {errors} errors");
    assert_eq!(code, 2);
}

#[test]
fn odd_lines_invalid_utf8_empty_crlf_and_very_long() {
    let mut input = b"123m\xff456p\n\n123m456p789s11122z\r\n1m\"\\\t\n".to_vec();
    input.extend(std::iter::repeat_n(b'1', 3 << 20)); // a 3 MiB line, longer than a read chunk
    input.extend_from_slice(b"m\n123m456p789s1122z");
    let (out, code) = hupai(&["batch"], &input);
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6, "{}", &out[..out.len().min(500)]);
    assert_eq!(lines[0]["hand"], "123m\u{fffd}456p");
    assert!(lines[0]["error"].as_str().unwrap().contains("UTF-8"), "{}", lines[0]);
    assert_eq!(lines[1], serde_json::json!({"hand": "", "error": "empty hand"}));
    assert_eq!(lines[2], serde_json::json!({"hand": "123m456p789s11122z", "win": true}));
    assert_eq!(lines[3]["hand"], "1m\"\\\t");
    assert!(lines[3]["error"].is_string());
    // Over the 4 KiB cap: only its start is echoed, and the error says why.
    assert_eq!(lines[4]["hand"], format!("{}…", "1".repeat(32)));
    assert!(lines[4]["error"].as_str().unwrap().starts_with("line longer than 4096 bytes"), "{}", lines[4]);
    assert_eq!(lines[5], expected_batch("123m456p789s1122z", &Rules::STANDARD));
    assert_eq!(code, 2);
    let (out, code) = hupai(&["batch"], b"");
    assert_eq!((out.as_str(), code), ("", 0));
}

#[test]
fn wildcard_tile_turns_red_dragons_into_wildcards() {
    // 1z and 2z are stranded unless the three red dragons are wild.
    let text = "123m456p789s12z777z";
    let hand: Hand = text.parse().unwrap();
    let wild = hand.with_wildcard_tile(tile("7z")).unwrap();
    assert_eq!(wild.wildcards(), 3);
    let rules = Rules::STANDARD;
    let (out, code) = hupai(&["batch"], format!("{text}\n").as_bytes());
    assert_eq!(json_lines(&out)[0]["win"], backtrack().is_win(&hand, &rules).unwrap());
    assert_eq!(code, 0);
    let (out, code) = hupai(&["batch", "--wildcard-tile", "7z"], format!("{text}\n").as_bytes());
    assert_eq!(json_lines(&out)[0]["win"], backtrack().is_win(&wild, &rules).unwrap());
    assert_ne!(backtrack().is_win(&hand, &rules), backtrack().is_win(&wild, &rules));
    assert_eq!(code, 0);

    let (out, code) = hupai(&["check", "--json", "--wildcard-tile", "7z", text], b"");
    let report = &json_lines(&out)[0];
    assert_eq!(report["tiles"], wild.to_unicode());
    assert_eq!(report["tiles"].as_str().unwrap().matches('\u{1F02A}').count(), 3);
    assert_eq!(code, 0);
}

#[test]
fn check_json_has_one_object_per_hand() {
    let hands = ["123m456p789s11122z", "123m456p789s1122z", "123m456p789s11123z", "12x", "1m"];
    let mut args = vec!["check", "--json"];
    args.extend(hands);
    let (out, code) = hupai(&args, b"");
    let reports = json_lines(&out);
    assert_eq!(reports.len(), hands.len());
    for (r, h) in reports.iter().zip(hands) {
        assert_eq!(r["hand"], h);
    }
    let rules = Rules::STANDARD;

    let win = &reports[0];
    let hand: Hand = hands[0].parse().unwrap();
    assert_eq!(win["win"], true);
    assert_eq!(win["rules"], "standard");
    assert_eq!(win["tiles"], hand.to_unicode());
    assert_eq!(win["algorithm"], hupai_harness::fastest_for(&hand, &rules).unwrap().name());
    assert!(hupai_harness::find(win["decompositions_by"].as_str().unwrap()).unwrap().capabilities().decompositions);
    let listed: Vec<String> = win["decompositions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| {
            assert_eq!(d["form"], "melds");
            let groups: Vec<&str> = d["groups"].as_array().unwrap().iter().map(|g| g.as_str().unwrap()).collect();
            groups.join(" ")
        })
        .collect();
    let expected: Vec<String> =
        backtrack().decompositions(&hand, &rules).unwrap().iter().map(ToString::to_string).collect();
    assert_eq!(listed, expected);

    let waits = &reports[1];
    assert_eq!(waits["waits"], serde_json::json!(["1z", "2z"]));
    assert!(waits.get("win").is_none() && waits.get("error").is_none());

    assert_eq!(reports[2]["win"], false);
    assert_eq!(reports[2]["decompositions"], serde_json::json!([]));
    for bad in &reports[3..] {
        assert!(bad["error"].is_string() && bad.get("win").is_none(), "{bad}");
    }
    assert_eq!(code, 2);
}

#[test]
fn check_all_lists_every_algorithm_side_by_side() {
    let (out, code) = hupai(&["check", "--json", "--algorithm", "all", "--rules", "chinese", "11223344556666z"], b"");
    let report = &json_lines(&out)[0];
    let rows = report["answers"].as_array().unwrap();
    let names: Vec<&str> = rows.iter().map(|r| r["algorithm"].as_str().unwrap()).collect();
    assert_eq!(names, hupai_harness::names().collect::<Vec<_>>());
    let hand: Hand = "11223344556666z".parse().unwrap();
    let expected = backtrack().is_win(&hand, &Rules::CHINESE).unwrap();
    for row in rows {
        match row["error"].as_str() {
            Some(e) => assert!(e.contains("unsupported"), "{row}"),
            None => assert_eq!(row["win"], expected, "{row}"),
        }
    }
    assert_eq!(report["agree"], true);
    assert_eq!(code, 0);

    let (text, code) = hupai(&["check", "--algorithm", "all", "123m456p789s11122z"], b"");
    for name in hupai_harness::names() {
        assert!(text.lines().any(|l| l.trim_start().starts_with(name)), "{name} missing:\n{text}");
    }
    assert_eq!(code, 0);
}

#[test]
fn algorithms_json_has_a_row_per_registered_algorithm() {
    let (out, code) = hupai(&["algorithms", "--json"], b"");
    let rows = json_lines(&out);
    let registry = hupai_harness::algorithms();
    assert_eq!(rows.len(), registry.len());
    for (row, a) in rows.iter().zip(registry) {
        let c = a.capabilities();
        assert_eq!(row["name"], a.name());
        let expected = serde_json::json!({
            "name": a.name(),
            "wildcards": c.wildcards,
            "max_wildcards": if c.wildcards { c.max_wildcards } else { 0 },
            "seven_pairs": c.seven_pairs,
            "thirteen_orphans": c.thirteen_orphans,
            "declared_melds": c.declared_melds,
            "seventeen_tiles": c.seventeen_tiles,
            "decompositions": c.decompositions,
            "wildcard_fifth_copy": c.wildcard_fifth_copy,
            "pair_258": c.pair_258,
            "void_suit": c.void_suit,
            "tile_supply": c.tile_supply,
            "knitted": c.knitted,
        });
        assert_eq!(*row, expected);
    }
    assert_eq!(code, 0);
}

#[test]
fn help_shows_examples_and_bad_options_exit_2() {
    for args in [&["--help"][..], &["check", "--help"], &["batch", "--help"]] {
        let (out, code) = hupai(args, b"");
        assert!(out.contains("Examples:") && out.contains("hupai "), "{out}");
        assert_eq!(code, 0);
    }
    let (_, code) = hupai(&["batch", "--algorithm", "no-such-algorithm"], b"");
    assert_eq!(code, 2);
    let (_, code) = hupai(&["check", "--rules", "nope", "123m"], b"");
    assert_eq!(code, 2);
}

/// A script may feed the batch one line at a time and wait for each answer before the next.
#[test]
fn batch_answers_each_line_as_it_arrives() {
    use std::io::{BufRead, BufReader, Write};
    use std::process::{Command, Stdio};
    use std::sync::mpsc;
    use std::time::Duration;

    let mut child = Command::new(env!("CARGO_BIN_EXE_hupai"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("hupai runs");
    let mut stdin = child.stdin.take().unwrap();
    let (tx, rx) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    for hand in ["123m456p789s11122z", "123m456p789s1122z", "12x"] {
        writeln!(stdin, "{hand}").unwrap();
        stdin.flush().unwrap();
        let answer = rx.recv_timeout(Duration::from_secs(20)).expect("an answer before the next line");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        assert_eq!(answer, expected_batch(hand, &Rules::STANDARD));
    }
    drop(stdin);
    assert_eq!(child.wait().unwrap().code(), Some(2));
    assert!(rx.recv().is_err(), "no output after the last answer");
}

#[test]
fn check_readable_report_shows_tiles_verdict_decompositions_and_waits() {
    let (out, code) = hupai(&["check", "123m456p789s11122z", "123m456p789s1122z", "12x"], b"");
    let win: Hand = "123m456p789s11122z".parse().unwrap();
    assert!(out.contains(&win.to_unicode()), "{out}");
    assert!(out.contains("win: yes"), "{out}");
    for d in backtrack().decompositions(&win, &Rules::STANDARD).unwrap() {
        assert!(out.lines().any(|l| l.trim() == d.to_string()), "{d} missing:\n{out}");
    }
    assert!(out.contains("waits: 1z 2z"), "{out}");
    assert!(out.contains("error: unexpected 'x' at position 3"), "{out}");
    assert_eq!(code, 2);
}

#[test]
fn regional_rules_answer_as_documented() {
    // The 2-5-8 pair: 11z / 22z cannot be the pair under changsha.
    let (out, code) = hupai(&["batch", "--rules", "changsha"], b"123m456p789s11122z\n");
    assert_eq!(json_lines(&out)[0]["win"], false, "{out}");
    assert_eq!(code, 0);
    let (out, _) = hupai(&["batch", "--rules", "standard"], b"123m456p789s11122z\n");
    assert_eq!(json_lines(&out)[0]["win"], true, "{out}");
    // 全不靠 under gb.
    let (out, code) = hupai(&["check", "147m258p369s12345z", "--rules", "gb", "--json"], b"");
    let row = &json_lines(&out)[0];
    assert_eq!(row["win"], true, "{out}");
    assert_eq!(row["decompositions"][0]["form"], "honors_and_knitted", "{out}");
    assert_eq!(code, 0);
    // A declared void suit: the hand holds 11p, and the readable report says so.
    let (out, _) = hupai(&["check", "123456789m11p222s", "--rules", "sichuan", "--void", "p"], b"");
    assert!(out.contains("win: no"), "{out}");
    assert!(out.contains("why: the hand holds 11p of the void suit p"), "{out}");
    // A tile outside the tile set is an error naming it.
    let (out, code) = hupai(&["check", "123m456p789s11122z", "--tiles", "108", "--json"], b"");
    assert_eq!(json_lines(&out)[0]["error"], "1z is not a tile of the rules' set of 108 tiles (numbered suits only)");
    assert_ne!(code, 0);
    // hongzhong: 7z are wildcards by default.
    let (out, _) = hupai(&["check", "123m456p789s111m77z", "--rules", "hongzhong", "--json"], b"");
    let row = &json_lines(&out)[0];
    assert_eq!(row["win"], true, "{out}");
    assert!(row["tiles"].as_str().unwrap().contains('🀪'), "{out}");
}
