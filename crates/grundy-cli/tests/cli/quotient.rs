//! `grundy quotient`: no work bound by default, and that is said; a bound (`--work N`) stops
//! inside a heap, and a larger one goes on, as the message advises; the trivial quotient (no
//! heap has a move) is tame and worded as such; a run kept in `--store` resumes; both
//! refinements print the same quotient.

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("one JSON object")
}

/// By default no work bound is given (issue 51: the quotient grows while time and memory
/// allow), and the text says so; a quotient proven at once (0.75, at heap 21) is as before.
#[test]
fn no_default_work_bound_and_that_is_said() {
    let o = grundy(&["quotient", "octal:0.75"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    assert!(text.contains("no bound given (--work N)"), "{text}");
    assert!(text.contains("order: 8 elements") && text.contains("proven for every heap size"), "{text}");
    let j = json(&grundy(&["quotient", "octal:0.75", "--json"]));
    assert_eq!(j["work_limit"], u64::MAX);
    assert_eq!(j["stop_kind"], "proven");
    assert!(j["work"].as_u64().unwrap() < 1_000_000, "{j}");
}

/// 0.777 and 0.16 with 4,096 elements allowed once ran for minutes: a bound stops them inside
/// the heap under way (0.16's heap 17 alone takes far more than the bound), says which bound
/// stopped them and how to raise it, and a larger bound, as advised, goes on to later heaps.
#[test]
fn the_work_bound_stops_inside_a_heap_and_says_how_to_raise_it() {
    for (code, extra) in
        [("octal:0.777", &["--upto", "1000"][..]), ("octal:0.16", &["--upto", "10000", "--budget", "4096"])]
    {
        let small = [&["quotient", code, "--work", "3000000"][..], extra].concat();
        let o = grundy(&small);
        assert_eq!(o.status.code(), Some(0), "{code}");
        let text = stdout(&o);
        assert!(text.contains("the work done passed the bound of 3000000 units"), "{code}: {text}");
        assert!(text.contains("set by --work N (here 3000000 units"), "{code}: {text}");
        let j = json(&grundy(&[&small[..], &["--json"]].concat()));
        let done = j["work"].as_u64().unwrap();
        // Checked as it runs: past the bound by at most one step of the work, not by a heap.
        assert!(done > 3_000_000 && done < 3_500_000, "{code}: {done}");
        let reached = j["computed_upto"].as_u64().unwrap();
        let larger = [&["quotient", code, "--work", "30000000", "--json"][..], extra].concat();
        let further = json(&grundy(&larger))["computed_upto"].as_u64().unwrap();
        assert!(further > reached, "{code}: {further} heaps with ten times the work, {reached} without");
    }
    let o = grundy(&["quotient", "kayles", "--work", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--work"));
}

/// A run stopped by its memory bound advises a `--memory` larger than the one it had, and the
/// step it names fits under it: the run given it goes past that heap, or stops there at a
/// larger step (0.74 once said it needed 511 MiB, "more than the 512 MiB", and advised less
/// than it had: the reduction's tables were counted without the trial's).
#[test]
fn a_memory_stop_advises_a_bound_that_lets_the_step_fit() {
    // (the heaps proven, the advised bound)
    let run = |memory: u64| -> (u64, Option<u64>) {
        let o = grundy(&["quotient", "octal:0.74", "--memory", &memory.to_string(), "--upto", "15"]);
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        let text = stdout(&o);
        let proven = text
            .split("heaps up to ")
            .nth(1)
            .and_then(|r| r.split(|c: char| !c.is_ascii_digit()).next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{text}"));
        let advised = text
            .split("--memory BYTES: --memory ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok());
        (proven, advised)
    };
    let mut memory = 1 << 20;
    let (heap, advised) = run(memory);
    let mut advised = advised.expect("1 MiB stops 0.74 before heap 15");
    assert!(heap < 15);
    for _ in 0..4 {
        assert!(advised > memory, "--memory {memory} advised {advised}");
        memory = advised;
        match run(memory) {
            (h, Some(next)) if h == heap => advised = next,
            (h, _) => {
                assert!(h > heap, "{h} heaps with --memory {memory}, {heap} with less");
                return;
            }
        }
    }
}

/// The memory bound counts the heaps' letters (each heap's options' elements, kept while the
/// quotient stands) with the table and the proof: 0.777 to heap 6,000 (order 528) holds more
/// than 4 MiB of them, so `--memory 4194304` stops it with a memory stop. Uncounted, the run
/// went on to heap 6,000 at 34 MB (and to 1.3 GB under `--memory 1073741824`).
#[test]
fn the_memory_bound_counts_the_heaps_letters() {
    let j = json(&grundy(&["quotient", "octal:0.777", "--memory", "4194304", "--upto", "6000", "--json"]));
    assert_eq!(j["stop_kind"], "memory", "{j}");
    assert!(j["computed_upto"].as_u64().unwrap() < 6000, "{j}");
}

/// `--refinement least` (the default) and `--refinement descent` print the same quotient (it is
/// unique); another word is refused in one line naming the flag.
#[test]
fn both_refinements_print_the_same_quotient_and_a_bad_one_is_refused() {
    let run = |r: &str| json(&grundy(&["quotient", "octal:0.357", "--upto", "30", "--refinement", r, "--json"]));
    let (least, descent) = (run("least"), run("descent"));
    for key in ["order", "pretending", "relations", "growth", "computed_upto"] {
        assert_eq!(least[key], descent[key], "{key}");
    }
    assert_eq!(least["computed_upto"], 30);
    let o = grundy(&["quotient", "octal:0.357", "--refinement", "lexicographic"]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--refinement 'lexicographic' is not one of least, descent"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
}

/// A game where no heap has a move (0.0), or Kayles' heaps up to 0, has the trivial quotient
/// {1} with P empty: misère Nim's on heaps of 0 alone, so tame; the text and the explanation
/// of an analysis say so in a sentence.
#[test]
fn the_trivial_quotient_is_tame_and_said_in_words() {
    let o = grundy(&["quotient", "octal:0.0"]);
    let text = stdout(&o);
    assert!(text.contains("tame: yes"), "{text}");
    assert!(text.contains("the trivial quotient {1}: no heap up to"), "{text}");
    assert!(text.contains("P-portion: none (0 elements)"), "{text}");
    for args in [&["quotient", "octal:0.0", "--json"][..], &["quotient", "kayles", "--upto", "0", "--json"]] {
        let j = json(&grundy(args));
        assert_eq!((j["order"].as_u64(), j["tame"].as_bool()), (Some(1), Some(true)), "{args:?}: {j}");
    }
    let o = grundy(&["analyze", "octal:0.0", "3", "--misere", "--explain"]);
    let text = stdout(&o);
    assert!(text.contains("Q is the trivial monoid {1}"), "{text}");
    assert!(!text.contains("generated by  with"), "{text}");
}

/// A run kept in `--store DIR` and stopped (by `--time`, by Ctrl-C, or killed) resumes where it
/// was, and ends with the same quotient as a run never stopped: the same heaps, elements,
/// growth, pretending function and trials (the work figure also counts the proof of the saved
/// quotient, done again on resuming).
#[test]
fn a_stopped_run_resumes_from_its_store_with_the_same_results() {
    // 0.764's heaps up to 4,000 take seconds (its quotient grows at heaps 1,336 and 3,058; 4.6 s
    // in the test build), and a state is saved a second after the start at the latest: the run
    // is stopped once it is. The test runs them ten times: to 6,000 it was the suite's slowest
    // test (120 s in a CI run).
    let upto = ["quotient", "octal:0.764", "--upto", "4000", "--json"];
    let whole = json(&grundy(&upto));
    let same = |j: &serde_json::Value| {
        let mut j = j.clone();
        j.as_object_mut().unwrap().remove("work");
        j
    };
    let mut kept_proofs = 0;
    for how in ["time", "INT", "KILL"] {
        let dir = std::env::temp_dir().join(format!("grundy-quotient-store-{how}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = dir.to_str().unwrap();
        let first = if how == "time" {
            let o = grundy(&[&upto[..], &["--store", store, "--time", "0.5"]].concat());
            let j = json(&o);
            assert_eq!(j["stop_kind"], "time", "{j}");
            j["computed_upto"].as_u64().unwrap()
        } else {
            let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
                .args([&upto[..], &["--store", store]].concat())
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap();
            let saved = dir.join("quotient-octal-0.764.state");
            while !saved.exists() && child.try_wait().unwrap().is_none() {
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let pid = child.id().to_string();
            assert!(Command::new("kill").args([&format!("-{how}"), &pid]).status().unwrap().success());
            assert!(!child.wait().unwrap().success(), "{how}: the run finished before it was stopped");
            let text = std::fs::read_to_string(dir.join("quotient-octal-0.764.state")).unwrap();
            text.lines().find_map(|l| l.strip_prefix("heap ")).unwrap().parse().unwrap()
        };
        assert!(first < 4000, "{how}: stopped at {first}");
        // The proof kept beside the state is where the run goes on from (issue 62, row 10: a
        // resumed run proved the saved quotient again first, so that runs of 3 s stalled); one
        // whose bytes were damaged is not used, and the quotient is proven again instead, to the
        // same results.
        let proof = dir.join("quotient-octal-0.764.proof");
        let kept = match std::fs::read(&proof) {
            Ok(kept) => kept,
            // A stop may land at the first save, which can come before the run has made a proof
            // to keep (a kill at once, and on a loaded machine --time 0.5 or Ctrl-C too, as a
            // CI run met): the resumed run proves the quotient again, to the same results. At
            // least one of the three stops must keep a proof (checked after the loop).
            Err(_) => {
                let o = grundy(&[&upto[..], &["--store", store]].concat());
                let err = String::from_utf8_lossy(&o.stderr);
                assert!(err.contains("resuming from"), "{how}: {err}");
                assert_eq!(same(&json(&o)), same(&whole), "{how}: resumed from heap {first} with no proof kept");
                let _ = std::fs::remove_dir_all(&dir);
                continue;
            }
        };
        kept_proofs += 1;
        let mut damaged = kept.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        std::fs::write(&proof, &damaged).unwrap();
        let backup = dir.with_extension("copy");
        let _ = std::fs::remove_dir_all(&backup);
        std::fs::create_dir_all(&backup).unwrap();
        for e in std::fs::read_dir(&dir).unwrap() {
            let e = e.unwrap();
            std::fs::copy(e.path(), backup.join(e.file_name())).unwrap();
        }
        std::fs::write(backup.join("quotient-octal-0.764.proof"), &kept).unwrap();
        let o = grundy(&[&upto[..], &["--store", store]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("resuming from") && err.contains("proven again first"), "{how}: {err}");
        assert_eq!(same(&json(&o)), same(&whole), "{how}: resumed from heap {first}, its proof damaged");
        let o = grundy(&[&upto[..], &["--store", backup.to_str().unwrap()]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("going on from the proof kept"), "{how}: {err}");
        assert_eq!(same(&json(&o)), same(&whole), "{how}: resumed from heap {first} and its proof");
        let _ = std::fs::remove_dir_all(&backup);
        // A store damaged by hand is refused in one line naming it, not trusted.
        let state = dir.join("quotient-octal-0.764.state");
        let text = std::fs::read_to_string(&state).unwrap();
        std::fs::write(&state, text.replace("pretending 0 1", "pretending 0 9999")).unwrap();
        let o = grundy(&["quotient", "octal:0.764", "--upto", "4000", "--store", store]);
        assert_eq!(o.status.code(), Some(2), "{how}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("quotient-octal-0.764.state") && err.lines().count() == 1, "{how}: {err}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert!(kept_proofs > 0, "no stop kept a proof to go on from");
}

/// A fresh directory for a store, removed first if an earlier run left it.
fn fresh_store(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-quotient-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Issue 80, row 10: a growth history edited within its shape (an order raised, the heaps and
/// the last entry, which names the table, kept) was printed as it was; it is checked against
/// the one the saved table and pretending function give (the table proven again as the run
/// resumes), and refused as damaged in one line naming the state (exit 2), while the history a
/// run kept resumes as it was.
#[test]
fn an_edited_growth_history_is_refused_once_the_quotient_is_proven_again() {
    let dir = fresh_store("growth");
    let store = dir.to_str().unwrap();
    let whole = json(&grundy(&["quotient", "octal:0.764", "--upto", "1500", "--store", store, "--json"]));
    let growth = whole["growth"].as_array().unwrap().clone();
    assert!(growth.len() >= 2, "{whole}");
    let again = json(&grundy(&["quotient", "octal:0.764", "--upto", "1600", "--store", store, "--json"]));
    assert_eq!(again["growth"].as_array().unwrap()[..], growth[..], "{again}");
    // The first entry's order raised by one, below the second's.
    let state = dir.join("quotient-octal-0.764.state");
    let text = std::fs::read_to_string(&state).unwrap();
    let line = text.lines().find(|l| l.starts_with("growth ")).unwrap();
    let entries: Vec<(u64, u64)> = line[7..]
        .split(' ')
        .map(|e| e.split_once(':').map(|(h, o)| (h.parse().unwrap(), o.parse().unwrap())).unwrap())
        .collect();
    assert!(entries[0].1 + 1 < entries[1].1, "{line}");
    let mut edited = entries.clone();
    edited[0].1 += 1;
    let new_line = format!("growth {}", edited.iter().map(|(h, o)| format!("{h}:{o}")).collect::<Vec<_>>().join(" "));
    std::fs::write(&state, text.replace(line, &new_line)).unwrap();
    let o = grundy(&["quotient", "octal:0.764", "--upto", "1700", "--store", store]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{}{err}", stdout(&o));
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("growth history has 1:3 where") && err.contains("quotient-octal-0.764.state"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 80, row 16: a proof file of 1 GiB beside a quotient's state (its heading naming the
/// state's heap and order, the rest garbage) was read whole before its checksum: 1,031 MB held
/// against `--memory` 512 MiB. A proof larger than the memory allows is not read (the quotient
/// is proven again, and the run says why), so the run fits a limit of address space well under
/// the file's size.
#[test]
fn a_proof_larger_than_the_memory_allows_is_not_read() {
    let dir = fresh_store("big-proof");
    let store = dir.to_str().unwrap();
    let whole = json(&grundy(&["quotient", "octal:0.764", "--upto", "300", "--store", store, "--json"]));
    let text = std::fs::read_to_string(dir.join("quotient-octal-0.764.state")).unwrap();
    let field = |name: &str| -> u64 {
        text.lines().find_map(|l| l.strip_prefix(name)).and_then(|v| v.trim().parse().ok()).unwrap()
    };
    let (heap, order) = (field("heap "), field("order "));
    let proof = dir.join("quotient-octal-0.764.proof");
    let mut head = heap.to_le_bytes().to_vec();
    head.extend_from_slice(&(order as u32).to_le_bytes());
    head.extend_from_slice(&[0; 4]);
    std::fs::write(&proof, &head).unwrap();
    // Sparse: no disk taken.
    std::fs::OpenOptions::new().write(true).open(&proof).unwrap().set_len(1 << 30).unwrap();
    let limit_kib = 768 * 1024;
    let o = Command::new("sh")
        .args(["-c", &format!("ulimit -v {limit_kib} && exec \"$0\" \"$@\"")])
        .arg(env!("CARGO_BIN_EXE_grundy"))
        .args(["quotient", "octal:0.764", "--upto", "400", "--store", store, "--memory", "268435456", "--json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("proven again first (its proof, 1073741824 bytes, is more than"), "{err}");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["computed_upto"], 400, "{j}");
    assert_eq!(j["pretending"].as_array().unwrap()[..=300], whole["pretending"].as_array().unwrap()[..], "{j}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 80, row 9: a heap stopped part way is begun again by the next run, not kept, so runs
/// of a slice shorter than the next heap stayed at the same heap (five runs of `--time 3` at
/// 0.764's heap 3,057) with nothing said. A run that goes on from its store and is stopped
/// inside the first heap it begins says so, with what that heap took (CPU time and units of
/// work); a later run given no more work, or no more time than that CPU time, is refused before
/// the work in one line saying what it would take; a run without the bound goes on. Measured
/// in units of work and CPU time (heap 1,336 adds a generator), not wall time.
#[test]
fn a_slice_shorter_than_the_next_heap_is_told_it_cannot_go_on() {
    let dir = fresh_store("slice");
    let store = dir.to_str().unwrap();
    let state = dir.join("quotient-octal-0.764.state");
    json(&grundy(&["quotient", "octal:0.764", "--upto", "1335", "--store", store, "--json"]));
    let field = |name: &str| -> Option<String> {
        let text = std::fs::read_to_string(&state).unwrap();
        text.lines().find_map(|l| l.strip_prefix(name)).map(str::to_string)
    };
    let held: u64 = field("work ").unwrap().parse().unwrap();
    let work = (held + 20_000_000).to_string();
    let slice = ["quotient", "octal:0.764", "--work", &work, "--store", store, "--json"];
    let o = grundy(&slice);
    let j = json(&o);
    assert_eq!((j["stop_kind"].as_str(), j["computed_upto"].as_u64()), (Some("work"), Some(1335)), "{j}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("no heap was added") && err.contains("stopped inside heap 1336, which needs more than"),
        "{err}"
    );
    let unfinished: Vec<u64> = field("unfinished ").unwrap().split(' ').map(|x| x.parse().unwrap()).collect();
    assert_eq!(unfinished[0], 1336);
    assert!(unfinished[1] > 19_000_000, "{unfinished:?}");
    // The same slice again: refused before the work, naming the work it would take.
    let o = grundy(&slice[..6]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty() && err.trim().lines().count() == 1, "{err}");
    let needs = held + unfinished[1];
    assert!(
        err.contains(&format!("--work {work} cannot go on from heap 1335: heap 1336 needs more than {needs} units"))
            && err.contains(&format!("give a --work larger than {needs}, or none")),
        "{err}"
    );
    // A time limit no longer than the CPU time the heap took without finishing: refused too.
    let cpu_ms = unfinished[2];
    if cpu_ms > 0 {
        let time = format!("{}.{:03}", cpu_ms / 1000, cpu_ms % 1000);
        let o = grundy(&["quotient", "octal:0.764", "--time", &time, "--store", store]);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(
            err.contains(&format!("--time {time} cannot go on from heap 1335")) && err.contains("s of CPU"),
            "{err}"
        );
    }
    // Without the bound the heap is added, and the record of it goes.
    let j = json(&grundy(&["quotient", "octal:0.764", "--upto", "1340", "--store", store, "--json"]));
    assert_eq!(j["computed_upto"], 1340, "{j}");
    assert_eq!(field("unfinished "), None);
    let _ = std::fs::remove_dir_all(&dir);
}
