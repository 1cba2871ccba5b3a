//! `grundy sg --store DIR` through the real binary: kills at any moment lose nothing, a second
//! process is refused by the lock and damages nothing, and every kind of damaged or foreign
//! store is refused with one line naming the file.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The game of the long runs: Grundy's game has no proven period, so every value up to N is
/// computed, and its cost grows with n (about 2 s for N = 30,000 in the test build).
const GAME: &str = "grundys-game";
const UPTO: &str = "30000";

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn spawn(args: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// A fresh empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-store-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn long_run(store: &Path) -> Vec<String> {
    let store = store.to_str().unwrap().to_string();
    ["sg", GAME, "--upto", UPTO, "--json", "--chunk", "512", "--store", &store].map(String::from).to_vec()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// The uninterrupted run's stdout, and how long it took.
fn plain_run() -> (Vec<u8>, Duration) {
    let start = Instant::now();
    let out = grundy(&["sg", GAME, "--upto", UPTO, "--json"]);
    let took = start.elapsed();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let j: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(j["values"].as_array().unwrap().len(), 30001);
    (out.stdout, took)
}

/// Every file of a directory with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            let bytes = if e.path().is_file() { std::fs::read(e.path()).unwrap() } else { b"(dir)".to_vec() };
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect()
}

fn chunks(dir: &Path) -> usize {
    std::fs::read_dir(dir).map_or(0, |d| {
        d.filter_map(Result::ok).filter(|e| e.file_name().to_string_lossy().starts_with("chunk-")).count()
    })
}

/// SIGKILLed at six different moments (from the first milliseconds, before the store exists,
/// to well into the computation), resumed each time: the final output is byte for byte the
/// uninterrupted run's, and the resumed run says how much it read on stderr.
#[test]
fn kills_at_any_moment_lose_nothing() {
    let (plain, took) = plain_run();
    let dir = scratch("kills");
    let store = dir.join("s");
    let args = long_run(&store);
    let mut kills = 0;
    let mut seen = vec![];
    for i in 0..8u32 {
        // Moments relative to the uninterrupted run's time, so the test holds on a slow or a
        // fast machine: 0.2%, then 4%, 6%, ... of it (the first kill lands before the manifest).
        let wait = if i == 0 { took / 500 } else { took * (2 + 2 * i) / 100 };
        let mut child = spawn(&strs(&args));
        std::thread::sleep(wait);
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL
            kills += 1;
        }
        let _ = child.wait().unwrap();
        seen.push(chunks(&store));
    }
    eprintln!("{kills} kills; chunks after each run: {seen:?}");
    assert!(kills >= 5, "only {kills} runs were killed before they finished ({seen:?})");
    assert!(seen.last() > Some(&0), "no chunk was ever saved ({seen:?})");
    let resumed = grundy(&strs(&args));
    let err = String::from_utf8_lossy(&resumed.stderr);
    assert!(resumed.status.success(), "{err}");
    assert!(resumed.stdout == plain, "the resumed run's output differs from the uninterrupted run's");
    let line = err.lines().find(|l| l.starts_with("resumed from ")).unwrap_or_else(|| panic!("{err}"));
    assert!(line.ends_with(" stored values"), "{line}");
    // A complete store: everything comes from it, and the count has thousands separators.
    let again = grundy(&strs(&args));
    assert!(again.stdout == plain);
    assert_eq!(
        String::from_utf8_lossy(&again.stderr).trim_end(),
        format!("resumed from 30,001 stored values\nnothing new to store in {}", store.display())
    );
    assert!(
        !snapshot(&store).keys().any(|n| n.ends_with(".tmp")),
        "temporary files left: {:?}",
        snapshot(&store).keys()
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// While one run works on a store, another on the same store (same game or not) is refused at
/// once by the lock with one line, and writes nothing; the first finishes with the right values.
#[test]
fn a_second_process_is_refused_by_the_lock() {
    let (plain, _) = plain_run();
    let dir = scratch("lock");
    let store = dir.join("s");
    let args = long_run(&store);
    let mut first = spawn(&strs(&args));
    let start = Instant::now();
    while chunks(&store) < 2 && start.elapsed() < Duration::from_secs(30) {
        std::thread::sleep(Duration::from_millis(2));
    }
    let lock_message = format!(
        "grundy: store {} is in use by another grundy process (lock held on {}); wait for it to finish or use another directory",
        store.display(),
        store.join("lock").display()
    );
    for second_args in [strs(&args), vec!["sg", "kayles", "--upto", "10", "--store", store.to_str().unwrap()]] {
        let second = grundy(&second_args);
        assert_eq!(second.status.code(), Some(2));
        if second_args.contains(&"--json") {
            // With --json the refusal is the one JSON error object on stdout, nothing on stderr.
            assert!(second.stderr.is_empty());
            let v: serde_json::Value = serde_json::from_slice(&second.stdout).unwrap();
            assert_eq!(v["error"]["message"].as_str(), lock_message.strip_prefix("grundy: "));
            assert_eq!(v["error"]["argument"], "--store");
        } else {
            assert!(second.stdout.is_empty());
            assert_eq!(String::from_utf8_lossy(&second.stderr).trim_end(), lock_message);
        }
    }
    assert!(first.try_wait().unwrap().is_none(), "the first run finished before the second was tried");
    let out = first.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout == plain, "the first run's output is wrong");
    // The store is whole: a third run reads every value from it.
    let third = grundy(&strs(&args));
    assert!(third.stdout == plain);
    assert!(String::from_utf8_lossy(&third.stderr).starts_with("resumed from 30,001 stored values\n"));
    let _ = std::fs::remove_dir_all(dir);
}

/// Runs on a damaged store: refused with exit status 2, one line on stderr that says it and
/// names `file`, nothing on stdout (with --json: the same message as the JSON error object on
/// stdout, nothing on stderr), and no file of the store changed.
fn refused(store: &Path, game: &str, file: &str, says: &str) {
    let before = snapshot(store);
    let out = grundy(&["sg", game, "--upto", "100", "--json", "--store", store.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.is_empty());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["error"]["kind"].as_str(), v["error"]["argument"].as_str()), (Some("io"), Some("--store")));
    let json_message = v["error"]["message"].as_str().unwrap().to_string();
    let out = grundy(&["sg", game, "--upto", "100", "--store", store.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert_eq!(err.trim_end().strip_prefix("grundy: "), Some(json_message.as_str()));
    let named = if file.is_empty() { store.to_path_buf() } else { store.join(file) };
    assert!(err.contains(&named.display().to_string()), "{file}: {err}");
    assert!(err.contains(says), "{says}: {err}");
    assert!(err.contains("remove the directory") || err.contains("use "), "no advice: {err}");
    assert_eq!(snapshot(store), before, "the refused run changed the store");
}

/// A store of `game` in `dir/name`, 4,096 values in chunks of 512.
fn small_store(dir: &Path, name: &str, game: &str) -> PathBuf {
    let store = dir.join(name);
    let out = grundy(&["sg", game, "--upto", "100", "--full", "--chunk", "512", "--store", store.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(chunks(&store), 8);
    store
}

#[test]
fn damaged_and_foreign_stores_are_refused_naming_the_file() {
    let dir = scratch("damage");
    let fresh = |name: &str| small_store(&dir, name, GAME);

    let s = fresh("truncated");
    let victim = s.join("chunk-00000002.bin");
    let bytes = std::fs::read(&victim).unwrap();
    std::fs::write(&victim, &bytes[..bytes.len() - 7]).unwrap();
    refused(&s, GAME, "chunk-00000002.bin", "is truncated");
    std::fs::write(&victim, &bytes[..10]).unwrap();
    refused(&s, GAME, "chunk-00000002.bin", "is truncated");

    let s = fresh("flipped");
    let victim = s.join("chunk-00000005.bin");
    let mut bytes = std::fs::read(&victim).unwrap();
    bytes[200] ^= 0x10;
    std::fs::write(&victim, bytes).unwrap();
    refused(&s, GAME, "chunk-00000005.bin", "fails its checksum");

    let s = fresh("too-long");
    let victim = s.join("chunk-00000007.bin");
    let mut bytes = std::fs::read(&victim).unwrap();
    bytes.extend_from_slice(&[0; 4096]);
    std::fs::write(&victim, bytes).unwrap();
    refused(&s, GAME, "chunk-00000007.bin", "has the wrong length");

    let s = fresh("foreign-file");
    std::fs::write(s.join("notes.txt"), "mine").unwrap();
    refused(&s, GAME, "notes.txt", "unexpected file");

    let s = fresh("missing-chunk");
    std::fs::remove_file(s.join("chunk-00000003.bin")).unwrap();
    refused(&s, GAME, "chunk-00000004.bin", "follows a missing chunk-00000003.bin");

    let s = fresh("other-store");
    let kayles = small_store(&dir, "kayles", "kayles");
    std::fs::copy(kayles.join("chunk-00000001.bin"), s.join("chunk-00000001.bin")).unwrap();
    refused(&s, GAME, "chunk-00000001.bin", "belongs to another store");
    // The whole store of another game.
    refused(&kayles, GAME, "", "holds the values of kayles, not grundys-game");

    let s = fresh("version");
    let text = std::fs::read_to_string(s.join("manifest")).unwrap();
    std::fs::write(s.join("manifest"), text.replace("grundy-store 1", "grundy-store 2")).unwrap();
    refused(&s, GAME, "manifest", "another store format");

    let s = fresh("empty-manifest");
    std::fs::write(s.join("manifest"), "").unwrap();
    refused(&s, GAME, "manifest", "manifest is empty");

    let s = fresh("edited-manifest");
    std::fs::write(s.join("manifest"), text.replace("chunk 512", "chunk 256")).unwrap();
    refused(&s, GAME, "manifest", "fails its checksum");

    let s = fresh("no-manifest");
    std::fs::remove_file(s.join("manifest")).unwrap();
    refused(&s, GAME, "chunk-00000000.bin", "has no manifest");

    // Another program's directory: refused, and no lock file is left in it.
    let other = dir.join("photos");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("cat.png"), b"\x89PNG").unwrap();
    refused(&other, GAME, "cat.png", "has no manifest");

    // A file where the directory should be.
    let file = dir.join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let out = grundy(&["sg", GAME, "--upto", "100", "--store", file.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        err.trim_end(),
        format!("grundy: store {} is not a directory: give a new or empty directory", file.display())
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a directory");

    // Stale temporary files of a killed run are not damage: they are removed, and the store
    // reads.
    let s = fresh("stale-tmp");
    std::fs::write(s.join(".chunk-00000008.bin.99999.tmp"), "half").unwrap();
    let out = grundy(&["sg", GAME, "--upto", "100", "--store", s.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!s.join(".chunk-00000008.bin.99999.tmp").exists());
    let _ = std::fs::remove_dir_all(dir);
}
