//! With the `deflated-tables` feature, writes the embedded tables deflated into `OUT_DIR`, where
//! the crate includes them instead of the files themselves; without it, does nothing.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    #[cfg(feature = "deflated-tables")]
    deflate(&["index.bin", "suit.bin"]);
}

#[cfg(feature = "deflated-tables")]
fn deflate(files: &[&str]) {
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    for file in files {
        let path = format!("tables/{file}");
        println!("cargo:rerun-if-changed={path}");
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, 10);
        std::fs::write(out.join(format!("{file}.deflate")), deflated).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}
