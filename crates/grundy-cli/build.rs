//! Puts the functions a `grundy sg` run executes together at the start of the binary's code
//! (the list is `hot-functions.txt`, made by `bench/hot-functions.sh`).
//!
//! Why: the kernel maps code in 64 KB windows around each page first executed, so code spread
//! over the whole binary made 2 MB of it resident although a run executes about 370 KB. Laid
//! out together, the same run keeps about 0.75 MB resident (bench/HISTORY.md, "Fifth session").
//! The order changes where functions sit, never what they do.
//!
//! Only done where the linker is known to understand `--symbol-ordering-file`: rustc 1.90 or
//! later on x86_64 Linux, which links with its own LLD, and no linker chosen by the user.
//! `GRUNDY_NO_ORDER=1` turns it off.

use std::env;
use std::path::Path;
use std::process::Command;

fn main() {
    let list = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap_or_default()).join("hot-functions.txt");
    println!("cargo:rerun-if-changed={}", list.display());
    println!("cargo:rerun-if-env-changed=GRUNDY_NO_ORDER");
    if env::var_os("GRUNDY_NO_ORDER").is_some() || !list.exists() || !uses_rust_lld() {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={}", list.display());
    // Functions missing from the list (new ones, or renamed by another compiler) are normal.
    println!("cargo:rustc-link-arg-bins=-Wl,--no-warn-symbol-ordering");
}

/// Whether the binary is linked by rustc's own LLD: x86_64 Linux with glibc, rustc 1.90 or
/// later, and neither a linker nor linker flags chosen in the configuration.
fn uses_rust_lld() -> bool {
    if env::var("TARGET").as_deref() != Ok("x86_64-unknown-linux-gnu") || env::var_os("RUSTC_LINKER").is_some() {
        return false;
    }
    let flags = env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if ["linker", "fuse-ld", "link-self-contained"].iter().any(|f| flags.contains(f)) {
        return false;
    }
    let rustc = env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let Ok(out) = Command::new(rustc).arg("--version").output() else { return false };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let text = String::from_utf8_lossy(&out.stdout);
    let mut parts = text.split_whitespace().nth(1).unwrap_or("").split('.');
    let (Some(Ok(major)), Some(Ok(minor))) = (parts.next().map(str::parse::<u32>), parts.next().map(str::parse::<u32>))
    else {
        return false;
    };
    (major, minor) >= (1, 90)
}
