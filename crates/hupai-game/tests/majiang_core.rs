//! Games 電脳麻将 plays itself replay in hupai with every result equal: `@kobalab/majiang-core`'s
//! `Game` (its default rules, `Majiang.rule()`) with `@kobalab/majiang-ai`'s players, made quick
//! (discards by shanten, calls that lower it, kans that keep it), writes its paipu; hupai reads it under the
//! `majiang` preset its title names and checks every decision, delta and final score. The
//! packages are fetched with npm at test time into a temporary folder; without Node or npm, or
//! offline, the test says it skipped. `Math.random` is seeded, so the games are the same each run.

use std::path::PathBuf;
use std::process::Command;

use hupai_game::formats::{self, Format};
use hupai_game::{GameRules, replay};

/// The driver: plays `argv[2]` hanchan from seed `argv[3]`, one paipu JSON a line.
const DRIVER: &str = r#"
let seed = +process.argv[3] >>> 0;
Math.random = () => {
    seed = (seed + 0x6d2b79f5) >>> 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const Majiang = require('@kobalab/majiang-core');
const AI = require('@kobalab/majiang-ai');
class Quick extends AI {
    select_dapai() {
        let best = null, bx = 99;
        for (const p of this.get_dapai(this.shoupai)) {
            const x = Majiang.Util.xiangting(this.shoupai.clone().dapai(p));
            if (x < bx) { bx = x; best = p; }
        }
        if (bx == 0 && this.allow_lizhi(this.shoupai, best)) return best + '*';
        return best;
    }
    select_gang() {
        const x0 = Majiang.Util.xiangting(this.shoupai);
        for (const m of this.get_gang_mianzi(this.shoupai) || []) {
            if (Majiang.Util.xiangting(this.shoupai.clone().gang(m)) <= x0) return m;
        }
        return null;
    }
    select_fulou(dapai) {
        const d = ['', '+', '=', '-'][(4 + dapai.l - this._menfeng) % 4];
        const p = dapai.p.slice(0, 2) + d;
        const x0 = Majiang.Util.xiangting(this.shoupai);
        const ms = (this.get_gang_mianzi(this.shoupai, p) || [])
            .concat(this.get_peng_mianzi(this.shoupai, p) || [], this.get_chi_mianzi(this.shoupai, p) || []);
        for (const m of ms) {
            if (Majiang.Util.xiangting(this.shoupai.clone().fulou(m)) < x0) return m;
        }
        return null;
    }
}
for (let i = 0; i < (+process.argv[2] || 1); i++) {
    const players = [0, 1, 2, 3].map(() => new Quick());
    new Majiang.Game(players, (paipu) => process.stdout.write(JSON.stringify(paipu) + '\n'), Majiang.rule(), '電脳麻将').do_sync();
}
"#;

/// A folder with the two packages installed, or why not.
fn installed() -> Result<PathBuf, String> {
    for (tool, arg) in [("node", "--version"), ("npm", "--version")] {
        let ok = Command::new(tool).arg(arg).output().is_ok_and(|o| o.status.success());
        if !ok {
            return Err(format!("{tool} is not installed"));
        }
    }
    let dir = std::env::temp_dir().join(format!("hupai-majiang-core-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let out = Command::new("npm")
        .args([
            "install",
            "--no-audit",
            "--no-fund",
            "--silent",
            "@kobalab/majiang-core@1.4.1",
            "@kobalab/majiang-ai@1.0.13",
        ])
        .current_dir(&dir)
        .output()
        .map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("npm install failed: {}", String::from_utf8_lossy(&out.stderr).trim()));
    }
    std::fs::write(dir.join("quick.js"), DRIVER).map_err(|e| e.to_string())?;
    Ok(dir)
}

#[test]
fn games_majiang_core_plays_replay_with_every_result_equal() {
    let dir = match installed() {
        Ok(dir) => dir,
        Err(why) => {
            eprintln!("SKIPPED the games of @kobalab/majiang-core: {why}");
            return;
        }
    };
    let out = Command::new("node").args(["quick.js", "2", "2026"]).current_dir(&dir).output().unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "node: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(Format::detect(&text), Some(Format::Majiang));
    let games = formats::read(&text).unwrap();
    assert_eq!(games.len(), 2);
    for (i, game) in games.into_iter().enumerate() {
        let log = game.unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert_eq!(log.header.rules, Some(GameRules::MAJIANG), "game {i}: the title names 電脳麻将's rules");
        let r = replay::check(&log, i, replay::default_rules(&log)).unwrap_or_else(|e| panic!("game {i}: {e}"));
        assert!(r.decisions > 100, "game {i}: {} decisions", r.decisions);
        // Written again as a paipu, the same game.
        let again = formats::read(&formats::majiang::write(&r.events, &r.rules, &log.header.names)).unwrap();
        let r2 =
            replay::check(again[0].as_ref().unwrap(), 0, r.rules).unwrap_or_else(|e| panic!("game {i} again: {e}"));
        assert_eq!((r2.events, r2.scores), (r.events, r.scores), "game {i}");
    }
}
