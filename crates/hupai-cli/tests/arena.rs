//! `hupai arena` and `hupai bot`: built-in and external players seated in duplicate sets, the
//! report's JSON, the logs replayed, external bots that crash, hang or answer illegally, the
//! Python and Node examples of docs/arena.md, 電脳麻将's AI through its adapter (installed with npm
//! at test time), and `hupai bot`'s errors.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

fn hupai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
}

fn arena(args: &[&str]) -> Value {
    let output = hupai().arg("arena").args(args).arg("--json").output().expect("hupai runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn bots_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/bots")
}

fn available(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

#[test]
fn every_preset_plays_and_reports_in_seat_order() {
    for preset in [
        "tenhou",
        "mahjong-soul",
        "m-league",
        "wrc",
        "tenhou-3p",
        "mahjong-soul-3p",
        "gb-single",
        "sichuan",
        "hongzhong",
        "changsha",
    ] {
        let n = if preset.ends_with("3p") { 3 } else { 4 };
        let mut args = vec!["--rules", preset, "--games", "1", "--seed", "3", "--policy", "random"];
        for _ in 1..n {
            args.extend(["--policy", "efficiency"]);
        }
        let report = arena(&args);
        let players = report["players"].as_array().unwrap();
        assert_eq!(players.len(), n, "{preset}");
        assert_eq!(players[0]["name"], "random", "{preset}");
        assert_eq!(players[1]["name"], "efficiency", "{preset}");
        for p in players {
            // Duplicate: every player plays every rotation once.
            assert_eq!(p["games"], n as u64, "{preset}");
            let counts: u64 = p["rank_counts"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap()).sum();
            assert_eq!(counts, n as u64, "{preset}");
            let rank = p["average_rank"].as_f64().unwrap();
            assert!((1.0..=n as f64).contains(&rank), "{preset}: {rank}");
            assert!(p["points"].is_number());
        }
        // Every game's points sum to nothing lost (riichi sticks go to first place at the end).
        assert_eq!(report["pairs"].as_array().unwrap().len(), n * (n - 1) / 2);
    }
}

#[test]
fn logs_replay_and_the_external_bot_is_hupai_bot() {
    let dir = std::env::temp_dir().join(format!("hupai-arena-logs-{}", std::process::id()));
    let bot = format!("{} bot --policy efficiency", env!("CARGO_BIN_EXE_hupai"));
    let report = arena(&[
        "--rules",
        "tenhou",
        "--games",
        "1",
        "--player",
        &bot,
        "--policy",
        "efficiency",
        "--policy",
        "random",
        "--policy",
        "random",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(report["players"][0]["name"], bot.as_str());
    assert_eq!(report["players"][1]["name"], "efficiency");
    let faults = &report["players"][0]["faults"];
    assert_eq!(faults["crash"], 0, "{report}");
    assert_eq!(faults["illegal"], 0, "{report}");
    assert_eq!(faults["timeout"], 0, "{report}");
    assert!(report["external_decisions"].as_u64().unwrap() > 50);
    let logs: Vec<PathBuf> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(logs.len(), 4);
    let output = hupai().arg("replay").args(&logs).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.lines().filter(|l| l.contains("\"ok\":true")).count(), 4, "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn faulty_bots_lose_decisions_and_the_games_go_on() {
    // Exits at once; never answers; answers an action that is never legal on a draw.
    for (command, fault) in
        [("true", "crash"), ("sleep 5 #", "timeout"), ("yes '{\"type\":\"kakan\",\"pai\":\"1m\"}' #", "illegal")]
    {
        let report = arena(&[
            "--rules",
            "tenhou-3p",
            "--games",
            "1",
            "--single",
            "--timeout-ms",
            "200",
            "--player",
            command,
            "--policy",
            "efficiency",
            "--policy",
            "efficiency",
        ]);
        let p = &report["players"][0];
        assert!(p["faults"][fault].as_u64().unwrap() >= 1, "{command}: {report}");
        assert!(p["faults"]["default_decisions"].as_u64().unwrap() > 10, "{command}: {report}");
        assert_eq!(p["games"], 1);
    }
}

fn example_seated(program: &str, file: &str) {
    if !available(program) {
        println!("skipped: {program} is not installed");
        return;
    }
    let path = bots_dir().join(file);
    // The example is the one docs/arena.md shows.
    let text = std::fs::read_to_string(&path).unwrap();
    let docs = std::fs::read_to_string(PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/arena.md")).unwrap();
    assert!(docs.contains(text.trim()), "docs/arena.md must show {file} as it is");
    let command = format!("{program} {}", path.display());
    let report = arena(&[
        "--rules",
        "tenhou",
        "--games",
        "1",
        "--player",
        &command,
        "--policy",
        "efficiency",
        "--policy",
        "efficiency",
        "--policy",
        "random",
    ]);
    let p = &report["players"][0];
    assert_eq!(p["faults"]["crash"], 0, "{report}");
    assert_eq!(p["faults"]["illegal"], 0, "{report}");
    assert_eq!(p["faults"]["timeout"], 0, "{report}");
    assert_eq!(p["games"], 4);
}

#[test]
fn python_example_plays() {
    example_seated("python3", "tsumogiri.py");
}

#[test]
fn node_example_plays() {
    example_seated("node", "tsumogiri.js");
}

/// The first line a bot at seat 0 is sent: the game and the hand started, its first draw.
fn first_draw() -> String {
    let hand = r#"["1m","2m","3m","4p","5p","6p","7s","8s","9s","E","E","S","W"]"#;
    let hidden = r#"["?","?","?","?","?","?","?","?","?","?","?","?","?"]"#;
    format!(
        r#"[{{"type":"start_game","id":0}},{{"type":"start_kyoku","bakaze":"E","dora_marker":"1p","kyoku":1,"honba":0,"kyotaku":0,"oya":0,"scores":[25000,25000,25000,25000],"tehais":[{hand},{hidden},{hidden},{hidden}]}},{{"type":"tsumo","actor":0,"pai":"N"}}]"#
    )
}

fn bot_run(args: &[&str], input: &str) -> (bool, String, String) {
    let mut child = hupai()
        .arg("bot")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.success(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

#[test]
fn bot_answers_its_draw_and_refuses_bad_events() {
    let start = first_draw();
    let (ok, out, err) = bot_run(&[], &format!("{start}\n"));
    assert!(ok, "{err}");
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["type"], "dahai", "{out}");
    assert_eq!(answer["actor"], 0);
    // A draw before any game started.
    let (ok, _, err) = bot_run(&[], "[{\"type\":\"tsumo\",\"actor\":0,\"pai\":\"1m\"}]\n");
    assert!(!ok && err.contains("before start_game"), "{err}");
    // Not JSON; a seat out of range; a discard of a tile the seat does not hold.
    let (ok, _, err) = bot_run(&[], "hello\n");
    assert!(!ok && err.contains("not JSON"), "{err}");
    let (ok, _, err) = bot_run(&["--seat", "1"], &format!("{start}\n"));
    assert!(!ok && err.contains("seat 1"), "{err}");
    let bad = start.replace(
        r#"{"type":"tsumo","actor":0,"pai":"N"}"#,
        r#"{"type":"dahai","actor":1,"pai":"5m","tsumogiri":false}"#,
    );
    let (ok, _, err) = bot_run(&[], &format!("{bad}\n"));
    assert!(!ok && err.contains("hupai bot"), "{err}");
}

/// `hupai bot --explain`: each answer with a decision carries the hupai player's explanation as
/// `meta`, whose chosen candidate is the answer under the `hupai` policy; without the flag, none.
#[test]
fn bot_explains_its_answers() {
    let start = first_draw();
    let (ok, out, err) = bot_run(&["--policy", "hupai", "--explain"], &format!("{start}\n"));
    assert!(ok, "{err}");
    let answer: Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(answer["type"], "dahai", "{out}");
    let meta = &answer["meta"];
    let candidates = meta["candidates"].as_array().expect("candidates");
    assert!(candidates.len() >= 2, "{meta}");
    let chosen: Vec<&Value> = candidates.iter().filter(|c| c["chosen"] == true).collect();
    assert_eq!(chosen.len(), 1, "{meta}");
    assert_eq!(chosen[0]["action"], "dahai");
    assert_eq!(chosen[0]["pai"], answer["pai"], "the explanation's choice is the answer: {out}");
    assert_eq!(meta["action"], "dahai");
    assert!(meta["reason"].as_str().is_some_and(|r| !r.is_empty()), "{meta}");
    for c in candidates {
        for key in ["tenpai", "win", "score", "danger"] {
            assert!(c[key].is_number(), "{key} in {c}");
        }
    }
    // Without the flag, the answer is the bare action.
    let (ok, out, err) = bot_run(&["--policy", "hupai"], &format!("{start}\n"));
    assert!(ok, "{err}");
    assert!(serde_json::from_str::<Value>(out.trim()).unwrap().get("meta").is_none(), "{out}");
}

/// `hupai bot --connect`: a small mjai server in the test (hello, join, then every event of a
/// game one a line as seat 0 sees it); every answer of seat 0 must be legal, every other `none`.
#[test]
fn bot_joins_an_mjai_server() {
    use std::io::{BufRead, BufReader};
    use std::net::TcpListener;

    use hupai_arena::protocol;
    use hupai_game::{Game, GameRules};

    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap().to_string();
    let mut child = hupai().args(["bot", "--connect", &address, "--policy", "efficiency"]).spawn().unwrap();
    let (stream, _) = listener.accept().unwrap();
    stream.set_nodelay(true).unwrap();
    let mut writer = stream.try_clone().unwrap();
    let mut reader = BufReader::new(stream);
    let mut read_line = || {
        let mut line = String::new();
        reader.read_line(&mut line).unwrap();
        line
    };
    writeln!(writer, r#"{{"type":"hello","protocol":"mjsonp","protocol_version":3}}"#).unwrap();
    let join: Value = serde_json::from_str(&read_line()).unwrap();
    assert_eq!(join["type"], "join");
    let mut game = Game::new(GameRules::TENHOU, 5);
    let mut sent = 0;
    let mut decided = 0;
    loop {
        let seat = game.next_seat();
        // Every event so far, one a line, each answered.
        let events: Vec<_> = game.events_seen_by(0).skip(sent).collect();
        sent = game.events().len();
        let mut last = String::new();
        for e in &events {
            writeln!(writer, "{}", protocol::event_value(e, 0, 4)).unwrap();
            last = read_line();
        }
        let Some(seat) = seat else { break };
        let legal = game.legal_actions(seat);
        let action = if seat == 0 {
            if events.is_empty() {
                // Asked again with nothing new (a pass it gave): the mjai server asks no more.
                writeln!(writer, "[]").unwrap();
                last = read_line();
            }
            decided += 1;
            protocol::read_action(&last, 0).unwrap()
        } else {
            protocol::default_action(&legal)
        };
        assert!(legal.contains(&action) || seat != 0, "{last} not among {legal:?}");
        game.apply(seat, action).unwrap();
    }
    assert!(game.is_over() && decided > 50, "{decided}");
    // After `end_game` the bot leaves by itself.
    assert!(child.wait().unwrap().success());
}

/// Installs `@kobalab/majiang-ai` 1.0.13 into a scratch directory, or says why it cannot.
fn majiang_ai_installed() -> Option<PathBuf> {
    if !available("node") || !available("npm") {
        println!("skipped: node or npm is not installed");
        return None;
    }
    let dir = std::env::temp_dir().join(format!("hupai-majiang-ai-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--no-save", "--prefix"])
        .arg(&dir)
        .arg("@kobalab/majiang-ai@1.0.13")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status();
    let package = dir.join("node_modules/@kobalab/majiang-ai");
    if !status.is_ok_and(|s| s.success()) || !package.exists() {
        println!("skipped: npm could not install @kobalab/majiang-ai@1.0.13 (no network?)");
        let _ = std::fs::remove_dir_all(&dir);
        return None;
    }
    Some(dir)
}

#[test]
fn majiang_ai_plays_through_its_adapter() {
    let Some(dir) = majiang_ai_installed() else { return };
    let adapter = format!(
        "node {} --require {}",
        bots_dir().join("majiang-ai.js").display(),
        dir.join("node_modules/@kobalab/majiang-ai").display()
    );
    // One hanchan: the AI thinks about 0.1 s a decision, and a duplicate set is four.
    let play = |adapter: &str, logs: &Path| {
        arena(&[
            "--rules",
            "tenhou",
            "--games",
            "1",
            "--single",
            "--seed",
            "1",
            "--player",
            adapter,
            "--policy",
            "efficiency",
            "--player",
            adapter,
            "--policy",
            "efficiency",
            "--out",
            logs.to_str().unwrap(),
        ])
    };
    let logs = dir.join("logs");
    let report = play(&adapter, &logs);
    let players = report["players"].as_array().unwrap();
    for p in [&players[0], &players[2]] {
        assert_eq!(p["games"], 1, "{report}");
        let faults = &p["faults"];
        assert_eq!(faults["crash"], 0, "{report}");
        assert_eq!(faults["timeout"], 0, "{report}");
        // Every answer the adapter gives is one the engine takes.
        assert_eq!(faults["illegal"], 0, "{report}");
        assert_eq!(faults["default_decisions"], 0, "{report}");
    }
    // The AI wins hands and calls: its replies are read, not passed over.
    assert!(players[0]["win_rate"].as_f64().unwrap() + players[2]["win_rate"].as_f64().unwrap() > 0.0, "{report}");
    assert!(players[0]["call_rate"].as_f64().unwrap() + players[2]["call_rate"].as_f64().unwrap() > 0.0, "{report}");
    let files_in =
        |dir: &Path| -> Vec<PathBuf> { std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().path()).collect() };
    let files = files_in(&logs);
    assert_eq!(files.len(), 1);
    let output = hupai().arg("replay").args(&files).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.lines().filter(|l| l.contains("\"ok\":true")).count(), 1, "{text}");
    // The adapter remembers the AI's shanten answers for speed: without it the AI plays the same game.
    let plain_logs = dir.join("logs-no-memo");
    play(&format!("{adapter} --no-memo"), &plain_logs);
    let plain = files_in(&plain_logs);
    assert_eq!(plain.len(), 1);
    assert!(std::fs::read(&files[0]).unwrap() == std::fs::read(&plain[0]).unwrap(), "the memo changed the game");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--merge`: two runs of other sets give the one run of every set (the same players' figures and
/// intervals); a result without its tables, or of other players, is refused with the reason.
#[test]
fn merged_runs_equal_one_run() {
    let seats = ["--policy", "efficiency", "--policy", "random", "--policy", "efficiency", "--policy", "random"];
    let run = |games: &str, seed: &str| {
        let mut args = vec!["--rules", "tenhou", "--games", games, "--seed", seed];
        args.extend(seats);
        arena(&args)
    };
    let (a, b, whole) = (run("2", "0"), run("1", "2"), run("3", "0"));
    let mut child =
        hupai().args(["arena", "--merge", "-", "--json"]).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    child.stdin.take().unwrap().write_all(format!("{a}\n{b}\n").as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let merged: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(merged["sets"], 3);
    assert_eq!(merged["players"], whole["players"]);
    assert_eq!(merged["pairs"], whole["pairs"]);
    // Other players do not merge.
    let other = arena(&[
        "--rules", "tenhou", "--games", "1", "--policy", "random", "--policy", "random", "--policy", "random",
        "--policy", "random",
    ]);
    let dir = std::env::temp_dir().join(format!("hupai-merge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.json"), a.to_string()).unwrap();
    std::fs::write(dir.join("o.json"), other.to_string()).unwrap();
    let refused = hupai().args(["arena", "--merge"]).arg(dir.join("a.json")).arg(dir.join("o.json")).output().unwrap();
    assert!(!refused.status.success());
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("only runs of the same players under the same rules merge"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `--distinct-seatings`: each seating played once; with `--single` (one table, nothing to
/// repeat) it is refused, and without equal players nothing repeats.
#[test]
fn distinct_seatings_play_each_seating_once() {
    let seats = ["--policy", "efficiency", "--policy", "random", "--policy", "efficiency", "--policy", "random"];
    let mut args = vec!["--rules", "tenhou", "--games", "2", "--seed", "3", "--distinct-seatings"];
    args.extend(seats);
    let run = arena(&args);
    assert_eq!(run["games"], 8);
    assert_eq!(run["repeated_tables"], 4);
    let repeats: Vec<Value> = run["tables"].as_array().unwrap().iter().map(|t| t["repeats"].clone()).collect();
    assert_eq!(repeats, [Value::Null, Value::Null, 0.into(), 1.into(), Value::Null, Value::Null, 0.into(), 1.into()]);
    let mixed = arena(&[
        "--games",
        "1",
        "--distinct-seatings",
        "--policy",
        "efficiency",
        "--policy",
        "random",
        "--policy",
        "hupai",
        "--policy",
        "random",
    ]);
    // The two random players are equal, but no rotation seats all four as another does.
    assert_eq!(mixed["repeated_tables"], 0);
    assert_eq!(mixed["games"], 4);
    let refused = hupai().args(["arena", "--single", "--distinct-seatings", "--games", "1"]).output().unwrap();
    assert!(!refused.status.success());
    assert!(String::from_utf8_lossy(&refused.stderr).contains("--distinct-seatings"));
}

/// `--listen`: an mjai TCP server; `hupai bot --connect` joins it (`hello`, `join`) and plays a
/// whole game at the seat the policies leave, every answer legal.
#[test]
fn hupai_bot_joins_the_tcp_server() {
    use std::io::{BufRead, BufReader};
    let mut server = hupai()
        .args(["arena", "--listen", "127.0.0.1:0", "--rules", "tenhou", "--games", "1", "--seed", "5"])
        .args(["--policy", "efficiency", "--policy", "random", "--policy", "efficiency"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(server.stderr.take().unwrap());
    let mut first = String::new();
    err.read_line(&mut first).unwrap();
    let address = first.split_whitespace().find(|w| w.starts_with("127.0.0.1:")).expect(&first).to_string();
    let bot = hupai().args(["bot", "--connect", &address, "--name", "joined"]).output().unwrap();
    assert!(bot.status.success(), "{}", String::from_utf8_lossy(&bot.stderr));
    let out = server.wait_with_output().unwrap();
    assert!(out.status.success());
    let line: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(line["names"][0], "joined");
    assert_eq!(line["illegal"], serde_json::json!([0, 0, 0, 0]));
    assert!(line["decisions"].as_u64().unwrap() > 100, "{line}");
    let total: i64 = line["scores"].as_array().unwrap().iter().map(|s| s.as_i64().unwrap()).sum();
    assert!(total <= 100_000 && total > 90_000, "{line}");
}

/// The commit of github.com/ailab-pku/Chinese-Standard-Mahjong whose Botzone sample bot is played.
const BOTZONE_COMMIT: &str = "5e818212d833a74f0ed1f4e6fb24c5b533a48ef9";

/// Builds the Botzone GB platform's sample bot (`sample-bot-Botzone/sample.cpp` of
/// ailab-pku/Chinese-Standard-Mahjong, fetched here with git, or read from the checkout the
/// environment variable `HUPAI_BOTZONE_REPO` names), or says why it cannot. Its source's own
/// switch `SIMPLEIO` is set to Botzone's simple interaction, which needs no JSON library.
fn botzone_sample_built(dir: &std::path::Path) -> Option<PathBuf> {
    for program in ["python3", "g++", "git"] {
        if !available(program) {
            println!("skipped: {program} is not installed");
            return None;
        }
    }
    std::fs::create_dir_all(dir.join("shim/json")).ok()?;
    let repo = match std::env::var_os("HUPAI_BOTZONE_REPO") {
        Some(repo) => PathBuf::from(repo),
        None => {
            let repo = dir.join("Chinese-Standard-Mahjong");
            let cloned = Command::new("git")
                .args(["clone", "--quiet", "https://github.com/ailab-pku/Chinese-Standard-Mahjong"])
                .arg(&repo)
                .stderr(Stdio::null())
                .status();
            if !cloned.is_ok_and(|s| s.success()) {
                println!("skipped: git could not fetch ailab-pku/Chinese-Standard-Mahjong (no network?)");
                return None;
            }
            repo
        }
    };
    let source = Command::new("git")
        .arg("-C")
        .arg(&repo)
        .args(["show", &format!("{BOTZONE_COMMIT}:sample-bot-Botzone/sample.cpp")])
        .output()
        .ok()?;
    if !source.status.success() {
        println!("skipped: {} has no commit {BOTZONE_COMMIT}", repo.display());
        return None;
    }
    let text = String::from_utf8_lossy(&source.stdout).replace("#define SIMPLEIO 0", "#define SIMPLEIO 1");
    assert!(text.contains("#define SIMPLEIO 1"), "the sample's interaction switch has moved");
    std::fs::write(dir.join("sample.cpp"), text).ok()?;
    // Simple interaction uses none of jsoncpp; its header is still included.
    std::fs::write(dir.join("shim/json/json.h"), "").ok()?;
    let binary = dir.join("botzone-sample");
    let built = Command::new("g++")
        .args(["-O2", "-std=c++14", "-I"])
        .arg(dir.join("shim"))
        .arg(dir.join("sample.cpp"))
        .arg("-o")
        .arg(&binary)
        .status();
    if !built.is_ok_and(|s| s.success()) {
        println!("skipped: g++ could not build the Botzone sample bot");
        return None;
    }
    Some(binary)
}

/// Plays one duplicate set of `gb-botzone` with a Botzone bot at seats 0 and 2 (through
/// botzone-gb.py) against `hupai` and `efficiency`; every answer taken, every log replayed.
fn botzone_set(bot: &str, dir: &std::path::Path) -> Value {
    let adapter = format!("python3 {} --bot '{bot}'", bots_dir().join("botzone-gb.py").display());
    let logs = dir.join("logs");
    let _ = std::fs::remove_dir_all(&logs);
    let report = arena(&[
        "--rules",
        "gb-botzone",
        "--games",
        "1",
        "--seed",
        "3",
        "--player",
        &adapter,
        "--policy",
        "hupai",
        "--player",
        &adapter,
        "--policy",
        "efficiency",
        "--out",
        logs.to_str().unwrap(),
    ]);
    let players = report["players"].as_array().unwrap();
    for p in [&players[0], &players[2]] {
        assert_eq!(p["games"], 4, "{report}");
        for fault in ["crash", "timeout", "illegal", "default_decisions"] {
            assert_eq!(p["faults"][fault], 0, "{fault}: {report}");
        }
    }
    assert!(report["external_decisions"].as_u64().unwrap() > 20, "{report}");
    let files: Vec<PathBuf> = std::fs::read_dir(&logs).unwrap().map(|e| e.unwrap().path()).collect();
    assert_eq!(files.len(), 4);
    let output = hupai().arg("replay").args(&files).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout);
    assert_eq!(text.lines().filter(|l| l.contains("\"ok\":true")).count(), 4, "{text}");
    report
}

#[test]
fn botzone_sample_bot_plays_through_its_adapter() {
    let dir = std::env::temp_dir().join(format!("hupai-botzone-{}", std::process::id()));
    let Some(sample) = botzone_sample_built(&dir) else {
        let _ = std::fs::remove_dir_all(&dir);
        return;
    };
    let report = botzone_set(sample.to_str().unwrap(), &dir);
    // The sample discards at random and never calls: hupai and efficiency win every hand won.
    let players = report["players"].as_array().unwrap();
    assert!(players[1]["win_rate"].as_f64().unwrap() + players[3]["win_rate"].as_f64().unwrap() > 0.0, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn botzone_keep_running_bot_calls_through_the_adapter() {
    if !available("python3") {
        println!("skipped: python3 is not installed");
        return;
    }
    let dir = std::env::temp_dir().join(format!("hupai-botzone-caller-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let caller = format!("python3 {}", bots_dir().join("botzone-caller.py").display());
    let report = botzone_set(&caller, &dir);
    // Its pungs, chows and kongs reach the table as mjai calls the engine takes.
    let players = report["players"].as_array().unwrap();
    assert!(players[0]["call_rate"].as_f64().unwrap() + players[2]["call_rate"].as_f64().unwrap() > 0.0, "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
