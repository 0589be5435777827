//! `cargo xtask wasm`: hupai for the web. Builds `crates/hupai-wasm` for `wasm32-unknown-unknown`
//! in release (one build), shrinks it with binaryen's `wasm-opt` when installed, assembles the npm
//! package `hupai` in `target/wasm/package/` from the files of `crates/hupai-wasm/npm/` (plus what
//! is written here: the CommonJS copy of `core.mjs`, the constants, the version), packs it with `npm pack` into `target/wasm/hupai-VERSION.tgz`, and
//! puts the page (`web/` with the package under `hupai/`) in `target/wasm/site/`.
//!
//! The compiler is Debian's (`rustc-web`, `cargo-web`, `rust-web-src`, `lld`): no rustup target is
//! needed, the standard library is built from its source (`-Zbuild-std`, allowed on a stable
//! compiler by `RUSTC_BOOTSTRAP=1`) and linked by `wasm-ld`. A compiler older than the workspace's
//! `rust-version` gets the language features the workspace uses that it had as unstable ones, on
//! the workspace's crates only.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The Debian toolchain `cargo xtask wasm` uses.
const CARGO: &str = "/usr/bin/cargo";
const RUSTC: &str = "/usr/bin/rustc";
const LINKER: &str = "/usr/bin/wasm-ld";
/// Binaryen's optimiser (Debian's `binaryen`), used when installed.
const WASM_OPT: &str = "/usr/bin/wasm-opt";
const TRIPLE: &str = "wasm32-unknown-unknown";
/// The crates the module builds optimised for size, with their `opt-level` (see `build`).
const SIZE_OPTIMISED: [(&str, &str); 4] =
    [("hupai-game", "z"), ("hupai-score", "z"), ("serde_json", "s"), ("hupai-wasm", "s")];

/// The players' module builds these for size as well (see `compile`): with the log readers (its
/// `review`) it weighed 2,067,860 bytes, over the 2 MB a module may weigh; this way 1,946,706. The
/// player at `"s"` decides as fast (Node, three hanchans, the same CPU time within the noise);
/// `hupai-shanten` at `"s"` makes the module's `discardEv` about 1.2× slower (docs/web.md), which
/// the page's own module, where the hand view computes its odds, does not share.
const PLAYER_SIZE_OPTIMISED: [(&str, &str); 2] = [("hupai-player", "s"), ("hupai-shanten", "s")];

/// Features stable in the workspace's `rust-version` that Debian's 1.85 has as unstable ones.
const FEATURES: [&str; 3] = ["let_chains", "unsigned_is_multiple_of", "slice_as_chunks"];

/// The npm package's files taken as they are from `crates/hupai-wasm/npm/`.
const PACKAGE_FILES: [&str; 7] =
    ["core.mjs", "node.mjs", "node.cjs", "index.mjs", "index.cjs", "index.d.ts", "README.md"];

/// Where the build goes: `$CARGO_TARGET_DIR/wasm`, else `target/wasm` in the workspace.
pub fn out_dir(root: &Path) -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    target.join("wasm")
}

/// `core.cjs` from `core.mjs`: the ES module's one `export { … };` list at its end becomes
/// `module.exports = { … };`. The file has no imports, so nothing else changes.
pub fn commonjs(esm: &str) -> Result<String, String> {
    let start = esm.rfind("\nexport {").ok_or("core.mjs: no `export { … };` list at its end")?;
    let (body, list) = esm.split_at(start + 1);
    if body.contains("\nexport ") || body.contains("\nimport ") || body.starts_with("import ") {
        return Err("core.mjs: only the final `export { … };` list may import or export".into());
    }
    let list = list.strip_prefix("export {").ok_or("core.mjs: malformed export list")?;
    Ok(format!("\"use strict\";\n{body}module.exports = {{{list}"))
}

/// `constants.mjs` and `constants.cjs` (and the version alone): the version, the rule presets, the scored rule sets,
/// the game presets and the tiles, as the module answers them (`constants`), so the two never differ.
pub fn constants() -> Result<(String, String, String), String> {
    let text = hupai_wasm::call_json("constants", "{}").map_err(|e| e.message)?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let names = [
        ("VERSION", "version"),
        ("RULES", "rules"),
        ("SCORE_RULES", "scoreRules"),
        ("GAME_RULES", "gameRules"),
        ("TILES", "tiles"),
    ];
    let head = "// Written by `cargo xtask wasm` from the module's own answer; do not edit.\n";
    let (mut esm, mut cjs) = (head.to_owned(), format!("{head}\"use strict\";\n"));
    for (name, key) in names {
        let v = value.get(key).ok_or_else(|| format!("constants: no {key}"))?;
        esm.push_str(&format!("export const {name} = {v};\n"));
        cjs.push_str(&format!("exports.{name} = {v};\n"));
    }
    let version = value["version"].as_str().ok_or("constants: no version")?.to_owned();
    Ok((esm, cjs, version))
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    match command.status() {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(format!("{what} failed ({s})")),
        Err(e) => Err(format!("cannot run {what}: {e}")),
    }
}

/// The (major, minor) version of a `rustc --version` line.
pub fn rustc_version(line: &str) -> Option<(u32, u32)> {
    let version = line.split_whitespace().nth(1)?;
    let mut parts = version.split('.');
    Some((parts.next()?.parse().ok()?, parts.next()?.parse().ok()?))
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to).map(|_| ()).map_err(|e| format!("cannot copy {} to {}: {e}", from.display(), to.display()))
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::create_dir_all(to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let entries = std::fs::read_dir(from).map_err(|e| format!("cannot read {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let path = entry.path();
        if path.is_dir() {
            copy_dir(&path, &to.join(entry.file_name()))?;
        } else {
            copy(&path, &to.join(entry.file_name()))?;
        }
    }
    Ok(())
}

/// Builds `crates/hupai-wasm` for wasm32 with `feature` (if any) and writes the module to `wasm`.
fn compile(root: &Path, out: &Path, old: bool, feature: Option<&str>, wasm: &Path) -> Result<(), String> {
    let mut cargo = Command::new(CARGO);
    cargo
        .current_dir(root)
        .args(["build", "--release", "--target", TRIPLE, "-Zbuild-std=std,panic_abort", "-p", "hupai-wasm"])
        // Debian's compiler, whatever rustup put first on PATH.
        .env("PATH", format!("/usr/bin:/bin:{}", std::env::var("PATH").unwrap_or_default()))
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("RUSTFLAGS")
        .env_remove("CARGO_ENCODED_RUSTFLAGS")
        .env("RUSTC", RUSTC)
        .env("RUSTC_BOOTSTRAP", "1")
        .env("CARGO_TARGET_DIR", out.join("build"))
        .env("CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER", LINKER)
        // Size and speed: whole-program optimisation, no debug information, abort on panic (the
        // calls check their input first; the package restarts the module if it ever traps).
        .env("CARGO_PROFILE_RELEASE_DEBUG", "false")
        .env("CARGO_PROFILE_RELEASE_STRIP", "true")
        .env("CARGO_PROFILE_RELEASE_LTO", "true")
        .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "1")
        .env("CARGO_PROFILE_RELEASE_PANIC", "abort");
    // Optimised for size where the page never waits on speed: the game engine (the log view's
    // replay, `Game`), the scorer (one hand at a time), the JSON reader and the calls' own
    // argument reading and answer writing. The odds, shanten and lookup crates keep -O3:
    // `opt-level = "s"` everywhere made the discard table with odds 1.4× slower (docs/web.md);
    // this way the module is 9% smaller at the same speed, and `Game` fits in the size budget.
    let players: &[(&str, &str)] = if feature == Some("player") { &PLAYER_SIZE_OPTIMISED } else { &[] };
    for (package, level) in SIZE_OPTIMISED.iter().chain(players) {
        cargo.arg("--config").arg(format!("profile.release.package.{package}.opt-level=\"{level}\""));
    }
    if old {
        // The workspace's crates only (RUSTC_WORKSPACE_WRAPPER): the standard library and the
        // crates.io dependencies build as they are.
        let wrapper = out.join("rustc-features.sh");
        let attrs: String = FEATURES.iter().map(|f| format!(" -Zcrate-attr='feature({f})'")).collect();
        write(
            &wrapper,
            &format!("#!/bin/sh\nr=\"$1\"; shift\nexec \"$r\" \"$@\"{attrs} -Zcrate-attr='allow(stable_features)'\n"),
        )?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&wrapper, std::fs::Permissions::from_mode(0o755)).map_err(|e| e.to_string())?;
        }
        cargo.arg("--ignore-rust-version").env("RUSTC_WORKSPACE_WRAPPER", &wrapper);
    }
    if let Some(feature) = feature {
        cargo.args(["--features", feature]);
    }
    run(&mut cargo, "cargo build --target wasm32-unknown-unknown")?;
    let built = out.join("build").join(TRIPLE).join("release").join("hupai_wasm.wasm");
    // Binaryen's -O3 after LLVM's: about 8% smaller at the same speed (docs/web.md). Without
    // binaryen the module is LLVM's as it is.
    if Path::new(WASM_OPT).exists() {
        let features = [
            "--enable-bulk-memory",
            "--enable-sign-ext",
            "--enable-mutable-globals",
            "--enable-nontrapping-float-to-int",
        ];
        run(Command::new(WASM_OPT).arg("-O3").args(features).arg(&built).arg("-o").arg(wasm), "wasm-opt")?;
    } else {
        copy(&built, wasm)?;
    }
    Ok(())
}

/// Builds the module, the package, its tarball and the page; the lines say what was made.
pub fn build(root: &Path) -> Result<Vec<String>, String> {
    for tool in [CARGO, RUSTC, LINKER] {
        if !Path::new(tool).exists() {
            return Err(format!(
                "{tool} is missing: `apt-get install rustc-web cargo-web rust-web-src lld` installs the toolchain \
                 cargo xtask wasm uses (docs/web.md)"
            ));
        }
    }
    let out = out_dir(root);
    let version_line = Command::new(RUSTC)
        .arg("--version")
        .output()
        .map_err(|e| format!("cannot run {RUSTC}: {e}"))
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())?;
    let old = rustc_version(&version_line).is_some_and(|v| v < (1, 88));
    std::fs::create_dir_all(&out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;

    let wasm = out.join("hupai_bg.wasm");
    compile(root, &out, old, None, &wasm)?;
    // The second module: the same calls with hupai's players, for the page's Web Worker and the
    // package's `initPlayer()`. Only `hupai-wasm` itself builds again (the same dependencies).
    let player_wasm = out.join("hupai_player_bg.wasm");
    compile(root, &out, old, Some("player"), &player_wasm)?;

    let package = out.join("package");
    let _ = std::fs::remove_dir_all(&package);
    std::fs::create_dir_all(&package).map_err(|e| format!("cannot create {}: {e}", package.display()))?;
    let npm = root.join("crates/hupai-wasm/npm");
    for file in PACKAGE_FILES {
        copy(&npm.join(file), &package.join(file))?;
    }
    copy(&wasm, &package.join("hupai_bg.wasm"))?;
    copy(&player_wasm, &package.join("hupai_player_bg.wasm"))?;
    // The same declarations for require(): a `.d.ts` in a `"type": "module"` package is an ES module's.
    copy(&npm.join("index.d.ts"), &package.join("index.d.cts"))?;
    let core = std::fs::read_to_string(npm.join("core.mjs")).map_err(|e| format!("core.mjs: {e}"))?;
    write(&package.join("core.cjs"), &commonjs(&core)?)?;
    let (esm, cjs, version) = constants()?;
    write(&package.join("constants.mjs"), &esm)?;
    write(&package.join("constants.cjs"), &cjs)?;
    let template = std::fs::read_to_string(npm.join("package.json")).map_err(|e| format!("package.json: {e}"))?;
    write(&package.join("package.json"), &template.replace("@VERSION@", &version))?;

    let tarball = out.join(format!("hupai-{version}.tgz"));
    let _ = std::fs::remove_file(&tarball);
    run(
        Command::new("npm").current_dir(&package).args(["pack", "--silent", "--pack-destination"]).arg(&out),
        "npm pack",
    )?;

    let site = out.join("site");
    let _ = std::fs::remove_dir_all(&site);
    copy_dir(&root.join("web"), &site)?;
    copy_dir(&package, &site.join("hupai"))?;

    let size = std::fs::metadata(&wasm).map(|m| m.len()).unwrap_or(0);
    let player_size = std::fs::metadata(&player_wasm).map(|m| m.len()).unwrap_or(0);
    Ok(vec![
        format!("{} ({size} bytes)", package.join("hupai_bg.wasm").display()),
        format!("{} ({player_size} bytes)", package.join("hupai_player_bg.wasm").display()),
        format!("{}", tarball.display()),
        format!("{} (the page: serve this folder)", site.display()),
    ])
}
