//! The web crate stays split into modules by concern (issue 48): no source file under `src/`
//! grows past [`MAX_LINES`] lines, tests included, so that a concern that grows gets a module of
//! its own instead of swelling `lib.rs` again (it was 2,334 lines in one file).

use std::path::{Path, PathBuf};

/// The most lines a source file of the web crate may have.
const MAX_LINES: usize = 800;

/// Every `.rs` file under `dir`, in its subfolders too.
fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|x| x == "rs") {
            found.push(path);
        }
    }
}

#[test]
fn no_source_file_of_the_web_crate_is_over_800_lines() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    // Not vacuous: the crate root and its modules are among the files read.
    assert!(files.iter().any(|f| f.ends_with("src/lib.rs")), "src/lib.rs not found in {files:?}");
    assert!(files.iter().any(|f| f.ends_with("src/worker.rs")), "src/worker.rs not found in {files:?}");
    let over: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let text = std::fs::read_to_string(f).unwrap_or_else(|e| panic!("cannot read {}: {e}", f.display()));
            let lines = text.lines().count();
            (lines > MAX_LINES).then(|| format!("{} has {lines} lines", f.strip_prefix(&src).unwrap_or(f).display()))
        })
        .collect();
    assert!(over.is_empty(), "over {MAX_LINES} lines (split it into modules by concern): {}", over.join(", "));
}
