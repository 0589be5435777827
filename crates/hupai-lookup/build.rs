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
        // The build checks the round trip, so loading may skip the digest of the inflated bytes:
        // they are the committed file, whose digest the native tests pin.
        let back = miniz_oxide::inflate::decompress_to_vec(&deflated).unwrap_or_else(|e| panic!("{file}: {e:?}"));
        assert!(back == bytes, "{file}: the deflated table does not inflate back to the file");
        std::fs::write(out.join(format!("{file}.deflate")), deflated).unwrap_or_else(|e| panic!("{file}: {e}"));
    }
}
