//! The link recipes of docs/ffi.md work from any folder: each file of `examples/recipes` is copied into
//! a fresh folder outside the repository, built there with the documented commands (absolute paths,
//! an rpath or a library found by absolute path) and run from there with cargo's `LD_LIBRARY_PATH`
//! removed, so a recipe that only works from the repository root, or only through that variable,
//! fails. C and Python always run; Go, Node (with koffi) and Java (with JNA) run when their
//! toolchains are installed, and say SKIPPED otherwise. docs/ffi.md quotes each file whole.
#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use library::{DYLIB, library_dir};

mod library;

use library::show;

fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn recipe(name: &str) -> PathBuf {
    crate_dir().join("examples").join("recipes").join(name)
}

/// A new empty folder outside the repository.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("hupai-recipe-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let repository = crate_dir().join("../..").canonicalize().expect("the repository");
    assert!(!dir.canonicalize().unwrap().starts_with(&repository), "{} is inside the repository", dir.display());
    dir
}

/// `file` copied into `dir`.
fn copy_into(file: &Path, dir: &Path) -> PathBuf {
    let to = dir.join(file.file_name().expect("a file name"));
    std::fs::copy(file, &to).unwrap_or_else(|e| panic!("copying {}: {e}", file.display()));
    to
}

/// A command run in `dir` without cargo's library path.
fn command(program: impl AsRef<std::ffi::OsStr>, dir: &Path) -> Command {
    let mut c = Command::new(program);
    c.current_dir(dir).env_remove("LD_LIBRARY_PATH").env_remove("DYLD_LIBRARY_PATH");
    c
}

fn run(mut c: Command, what: &str) -> Output {
    let output = c.output().unwrap_or_else(|e| panic!("{what}: cannot run {c:?}: {e}"));
    assert!(output.status.success(), "{what} failed: {c:?}\n{}", show(&output));
    output
}

/// Every recipe asks the same three questions and prints the same three lines.
fn assert_answers(output: &Output, what: &str) {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.first(), Some(&"win 1"), "{what}:\n{}", show(output));
    assert_eq!(lines.get(1), Some(&"waits 0 1 2 3 4 5 6 7 8"), "{what}:\n{}", show(output));
    let error = lines.get(2).copied().unwrap_or_default();
    assert!(error.starts_with("error unexpected 'x' at position 18"), "{what}:\n{}", show(output));
}

/// Whether `program` runs (`probe` is its version flag); false with a SKIPPED line if not.
fn present(program: &str, probe: &[&str], what: &str) -> bool {
    match Command::new(program).args(probe).output() {
        Ok(o) if o.status.success() => true,
        _ => {
            eprintln!("SKIPPED {what}: `{program}` is not installed");
            false
        }
    }
}

fn include_dir() -> PathBuf {
    crate_dir().join("include")
}

#[test]
fn c_with_an_absolute_rpath() {
    let lib = library_dir(DYLIB);
    let dir = folder("c-absolute");
    copy_into(&recipe("hello.c"), &dir);
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut cc = command(&compiler, &dir);
    cc.arg("-I").arg(include_dir()).args(["hello.c", "-o", "hello", "-L"]).arg(&lib);
    cc.arg("-lhupai_ffi").arg(format!("-Wl,-rpath,{}", lib.display()));
    run(cc, "cc (absolute rpath)");
    assert_answers(&run(command(dir.join("hello"), &dir), "./hello"), "C, absolute rpath");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn c_with_the_library_beside_the_program() {
    let dir = folder("c-origin");
    copy_into(&recipe("hello.c"), &dir);
    copy_into(&library_dir(DYLIB).join(DYLIB), &dir);
    let compiler = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    let mut cc = command(&compiler, &dir);
    cc.arg("-I").arg(include_dir()).args(["hello.c", "-o", "hello", "-L", ".", "-lhupai_ffi", "-Wl,-rpath,$ORIGIN"]);
    run(cc, "cc ($ORIGIN rpath)");
    // Run from another folder: the loader finds the library beside the program, not in the current folder.
    let elsewhere = folder("c-origin-elsewhere");
    assert_answers(&run(command(dir.join("hello"), &elsewhere), "hello"), "C, $ORIGIN rpath");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&elsewhere);
}

#[test]
fn python_ctypes_by_path_and_beside_the_script() {
    if !present("python3", &["--version"], "the Python ctypes recipe") {
        return;
    }
    let library = library_dir(DYLIB).join(DYLIB);
    let dir = folder("python-env");
    copy_into(&recipe("hello.py"), &dir);
    let mut python = command("python3", &dir);
    python.arg("hello.py").env("HUPAI_LIB", &library);
    assert_answers(&run(python, "python3 hello.py"), "Python, HUPAI_LIB");
    // The library copied beside the script, the script run from elsewhere.
    let beside = folder("python-beside");
    let script = copy_into(&recipe("hello.py"), &beside);
    copy_into(&library, &beside);
    let mut python = command("python3", &dir);
    python.arg(&script).env_remove("HUPAI_LIB");
    assert_answers(&run(python, "python3 .../hello.py"), "Python, beside the script");
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&beside);
}

#[test]
fn go_cgo_with_absolute_flags() {
    if !present("go", &["version"], "the Go recipe") {
        return;
    }
    let lib = library_dir(DYLIB);
    let dir = folder("go");
    copy_into(&recipe("hello.go"), &dir);
    let mut go = command("go", &dir);
    go.args(["run", "hello.go"])
        .env("CGO_ENABLED", "1")
        .env("CGO_CFLAGS", format!("-I{}", include_dir().display()))
        .env("CGO_LDFLAGS", format!("-L{0} -lhupai_ffi -Wl,-rpath,{0}", lib.display()));
    // A Go cache of its own when there is no home to keep one in.
    if std::env::var_os("HOME").is_none() && std::env::var_os("GOCACHE").is_none() {
        go.env("GOCACHE", dir.join("go-cache"));
    }
    assert_answers(&run(go, "go run hello.go"), "Go");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Where `require('koffi')` resolves: `NODE_PATH`, else npm's global folder.
fn node_path() -> Option<String> {
    if let Some(p) = std::env::var_os("NODE_PATH") {
        return Some(p.to_string_lossy().into_owned());
    }
    let out = Command::new("npm").args(["root", "-g"]).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

#[test]
fn node_koffi_by_path() {
    if !present("node", &["--version"], "the Node recipe") {
        return;
    }
    let node_path = node_path().unwrap_or_default();
    let koffi = Command::new("node").args(["-e", "require('koffi')"]).env("NODE_PATH", &node_path).output();
    if !koffi.is_ok_and(|o| o.status.success()) {
        eprintln!("SKIPPED the Node recipe: koffi is not installed (npm install -g koffi)");
        return;
    }
    let dir = folder("node");
    copy_into(&recipe("hello.js"), &dir);
    let mut node = command("node", &dir);
    node.arg("hello.js").env("NODE_PATH", &node_path).env("HUPAI_LIB", library_dir(DYLIB).join(DYLIB));
    assert_answers(&run(node, "node hello.js"), "Node");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn java_jna_by_path() {
    if !present("javac", &["-version"], "the Java recipe") {
        return;
    }
    let jar = std::env::var_os("HUPAI_JNA_JAR").map_or_else(|| PathBuf::from("/usr/share/java/jna.jar"), PathBuf::from);
    if !jar.is_file() {
        eprintln!(
            "SKIPPED the Java recipe: no JNA jar at {} (apt-get install libjna-java, or set HUPAI_JNA_JAR)",
            jar.display()
        );
        return;
    }
    let dir = folder("java");
    copy_into(&recipe("Hello.java"), &dir);
    let mut javac = command("javac", &dir);
    javac.arg("-cp").arg(&jar).arg("Hello.java");
    run(javac, "javac Hello.java");
    let mut java = command("java", &dir);
    java.arg("-cp").arg(format!("{}:.", jar.display())).arg("Hello");
    java.env("HUPAI_LIB", library_dir(DYLIB).join(DYLIB));
    assert_answers(&run(java, "java Hello"), "Java");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn docs_quote_every_recipe_whole() {
    let doc = std::fs::read_to_string(crate_dir().join("../../docs/ffi.md")).expect("docs/ffi.md");
    for name in ["hello.c", "hello.py", "hello.go", "hello.js", "Hello.java"] {
        let text = std::fs::read_to_string(recipe(name)).expect("the recipe");
        assert!(doc.contains(&text), "docs/ffi.md does not quote examples/recipes/{name} as it is");
    }
}
