//! Link options that make the `grundy` binary's resident size smaller, on x86_64 Linux with
//! glibc, where Rust (1.90 and later) links with its own lld:
//! - the relative relocations packed (`-z pack-relative-relocs`, DT_RELR, which glibc reads from
//!   2.36 on): 3 KB of them, not 270 KB that the loader reads at every start;
//! - in a release build, the functions of hot-functions.txt (those common runs execute, listed
//!   by bench/hot-functions.sh) first in the code (`--symbol-ordering-file`): the kernel maps
//!   64 KB of code around each page touched, and these functions, scattered over the 7.6 MB of
//!   code, made 2.9 MB of `grundy value`'s resident size. A function the list names that the
//!   binary does not have (after a toolchain update) is passed over.
//!
//! Each is left out where it could fail: another target or linker, an older Rust, and (for the
//! relocations, which an older glibc cannot load) a glibc before 2.36 or a cross build.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=hot-functions.txt");
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let linux_x86_64 = var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && var("CARGO_CFG_TARGET_ARCH") == "x86_64";
    // A linker of one's own (a config's `linker`, RUSTFLAGS' -C linker or -fuse-ld) may not be
    // lld.
    let own_linker = !var("RUSTC_LINKER").is_empty()
        || ["linker", "fuse-ld"].iter().any(|flag| var("CARGO_ENCODED_RUSTFLAGS").contains(flag));
    if !linux_x86_64 || own_linker || !rust_links_with_lld() {
        return;
    }
    if var("HOST") == var("TARGET") && glibc_reads_relr() {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
    if var("PROFILE") == "release" {
        let list = format!("{}/hot-functions.txt", var("CARGO_MANIFEST_DIR"));
        println!("cargo:rustc-link-arg-bins=-Wl,--symbol-ordering-file={list},--no-warn-symbol-ordering");
    }
}

/// Whether the compiler is Rust 1.90 or later, which links x86_64 Linux programs with its own
/// lld.
fn rust_links_with_lld() -> bool {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let Some(version) = output(Command::new(rustc).arg("--version")) else { return false };
    // "rustc 1.95.0 (59807616e 2026-04-14)"
    let mut numbers = version.split_whitespace().nth(1).unwrap_or("").split('.').map(str::parse::<u32>);
    matches!((numbers.next(), numbers.next()), (Some(Ok(1)), Some(Ok(minor))) if minor >= 90)
}

/// Whether this machine's glibc is 2.36 or later (`getconf GNU_LIBC_VERSION`: "glibc 2.36").
fn glibc_reads_relr() -> bool {
    let Some(version) = output(Command::new("getconf").arg("GNU_LIBC_VERSION")) else { return false };
    let mut numbers = version.trim().trim_start_matches("glibc ").split('.').map(str::parse::<u32>);
    match (numbers.next(), numbers.next()) {
        (Some(Ok(major)), Some(Ok(minor))) => (major, minor) >= (2, 36),
        _ => false,
    }
}

/// What `command` prints, if it runs and succeeds.
fn output(command: &mut Command) -> Option<String> {
    let out = command.output().ok().filter(|o| o.status.success())?;
    String::from_utf8(out.stdout).ok()
}
