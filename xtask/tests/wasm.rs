//! `cargo xtask wasm`'s pieces that need no WebAssembly toolchain: the CommonJS copy of the
//! package's core, the constants written from the module's own answer, the compiler's version.

#[test]
fn the_commonjs_core_is_the_module_with_its_export_list_as_module_exports() {
    let esm = "const a = 1;\nfunction f() {}\n\nexport {\n  a,\n  f,\n};\n";
    let cjs = xtask::wasm::commonjs(esm).unwrap();
    assert_eq!(cjs, "\"use strict\";\nconst a = 1;\nfunction f() {}\n\nmodule.exports = {\n  a,\n  f,\n};\n");
    assert!(xtask::wasm::commonjs("import x from \"y\";\nexport {\n  x,\n};\n").is_err());
    assert!(xtask::wasm::commonjs("const a = 1;\n").is_err());
    let core = std::fs::read_to_string(xtask::workspace_root().join("crates/hupai-wasm/npm/core.mjs")).unwrap();
    let cjs = xtask::wasm::commonjs(&core).unwrap();
    assert!(cjs.contains("module.exports = {") && cjs.contains("  discardEv,") && !cjs.contains("\nexport "));
    assert!(cjs.contains("\n  Game,\n") && cjs.contains("class Game {"));
}

#[test]
fn the_constants_are_the_modules() {
    let (esm, cjs, version) = xtask::wasm::constants().unwrap();
    assert!(esm.contains("export const RULES = [\"standard\",\"riichi\""), "{esm}");
    assert!(cjs.contains("exports.TILES = [\"1m\",\"2m\""), "{cjs}");
    assert!(
        esm.contains("export const GAME_RULES = [\"tenhou\",")
            && esm.contains("\"tenhou-3p\"")
            && esm.contains("\"gb-single\",\"gb-botzone\"]"),
        "{esm}"
    );
    assert!(version.split('.').count() == 3 && version.split('.').all(|p| p.parse::<u32>().is_ok()), "{version}");
    assert!(esm.contains(&format!("export const VERSION = \"{version}\";")));
}

#[test]
fn rustc_versions_are_read() {
    assert_eq!(
        xtask::wasm::rustc_version("rustc 1.85.0 (4d91de4e4 2025-02-17) (built from a source tarball)"),
        Some((1, 85))
    );
    assert_eq!(xtask::wasm::rustc_version("rustc 1.96.0-nightly (abc 2026-01-01)"), Some((1, 96)));
    assert_eq!(xtask::wasm::rustc_version("garbage"), None);
}
