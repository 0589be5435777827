//! The README quotes the commands CI runs: every command of `.ci/run` appears in the README, in
//! order, as a line of its own, and the README quotes no `cargo` command CI does not run in that
//! block.

use std::path::Path;

#[test]
fn the_readme_quotes_the_ci_commands() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let script = std::fs::read_to_string(root.join(".ci/run")).expect(".ci/run");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let commands: Vec<&str> = script
        .lines()
        .map(str::trim)
        .filter(|l| {
            // `set`, `cd` and `trap` prepare the script (the trap times its steps); users run the rest.
            let setup = ["set ", "cd ", "trap "].iter().any(|p| l.starts_with(p));
            !l.is_empty() && !l.starts_with('#') && !setup
        })
        .collect();
    assert!(commands.len() >= 3, "{commands:?}");
    // The README's block that quotes them: the first sh block containing the first command.
    let block = readme
        .split("```sh\n")
        .skip(1)
        .filter_map(|b| b.split("```").next())
        .find(|b| b.lines().any(|l| l == commands[0]))
        .unwrap_or_else(|| panic!("no sh block of the README quotes `{}`", commands[0]));
    let quoted: Vec<&str> = block.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    assert_eq!(quoted, commands, "README.md and .ci/run disagree on the CI commands");
}

#[test]
fn publishable_crates_leave_out_publish_false() {
    let metadata = br#"{"packages": [
        {"name": "hupai-tiles", "publish": null},
        {"name": "xtask", "publish": []},
        {"name": "hupai", "publish": null},
        {"name": "only-here", "publish": ["my-registry"]}
    ]}"#;
    assert_eq!(xtask::publishable(metadata).unwrap(), ["hupai", "hupai-tiles", "only-here"]);
    assert!(xtask::publishable(b"not json").is_err());
}
