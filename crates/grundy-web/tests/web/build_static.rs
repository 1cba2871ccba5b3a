//! `web/build-static.sh DIR`, the static page's build, refuses a folder that holds a person's
//! files (issue 80, row 12: it replaced seven files of such a folder without a word and deleted
//! one). The refusal comes before any work, so these tests run the script with no Rust
//! toolchain on its PATH: a script that went on to the build would stop at once saying that
//! the WebAssembly target cannot be had (exit 3), not refuse the folder.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `bash web/build-static.sh out` with only the system's programs on the PATH (no cargo,
/// rustc or rustup).
fn build_into(out: &Path) -> Output {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/build-static.sh");
    Command::new("bash").arg(script).arg(out).env("PATH", "/usr/bin:/bin").output().unwrap()
}

/// A new folder under the system's temporary folder, unique to `name` and this process.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-build-static-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_folder_of_other_files_is_refused_in_one_line_before_the_work() {
    let dir = folder("mine");
    std::fs::write(dir.join("index.html"), "my own page\n").unwrap();
    std::fs::write(dir.join("grundy_wasm.js"), "mine too\n").unwrap();
    let out = build_into(&dir);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("static page: ") && err.contains("is not an earlier build"), "{err}");
    // Nothing was touched.
    assert_eq!(std::fs::read_to_string(dir.join("index.html")).unwrap(), "my own page\n");
    assert_eq!(std::fs::read_to_string(dir.join("grundy_wasm.js")).unwrap(), "mine too\n");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_is_refused_and_an_earlier_build_or_an_empty_folder_goes_on_to_the_build() {
    let dir = folder("file");
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let out = build_into(&file);
    assert_eq!(out.status.code(), Some(2), "{}", String::from_utf8_lossy(&out.stderr));
    // An earlier build (its marker) and an empty folder are taken: the script goes on to the
    // toolchain, which this PATH lacks (exit 3, "static page: ..." in one line).
    let built = folder("built");
    std::fs::write(built.join(".grundy-static-page"), "").unwrap();
    std::fs::write(built.join("index.html"), "an earlier build's page\n").unwrap();
    for out in [build_into(&built), build_into(&folder("empty"))] {
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(3), "{err}");
        assert!(err.starts_with("static page: ") && !err.contains("earlier build"), "{err}");
    }
    for d in [dir, built, folder("empty")] {
        std::fs::remove_dir_all(d).unwrap();
    }
}
