//! `grundy analyze ... --dask SCHEDULER`, the real binary, where the Python package is not
//! installed: one line naming `pip install ./crates/grundy-py`, exit status 2, before any work.
//! (With the package, crates/grundy-py/tests/test_outcome.py runs it on a local cluster.)

use std::path::PathBuf;
use std::process::{Command, Output};

/// The binary with `PYTHON` set to `python`.
fn grundy_with_python(python: &std::ffi::OsStr, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).env("PYTHON", python).args(args).output().expect("the binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A Python that cannot import the package: the machine's python3 without its site-packages
/// (`-S`), where a pip-installed grundy would be; a script, since PYTHON names one program.
fn python_without_the_package() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-dask-python-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("python3");
    std::fs::write(&script, "#!/bin/sh\nexec python3 -S \"$@\"\n").unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    script
}

#[cfg(unix)]
#[test]
fn without_the_package_dask_is_refused_in_one_line_naming_pip() {
    let python = python_without_the_package();
    let args = ["analyze", "domineering", "..../..../....", "--dask", "tcp://127.0.0.1:8786"];
    let out = grundy_with_python(python.as_os_str(), &args);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("grundy: --dask runs the Python package grundy"), "{err}");
    assert!(err.contains("pip install ./crates/grundy-py"), "{err}");
    assert!(err.contains(&python.display().to_string()), "{err}");
    // --json: the refusal is the one JSON error object, naming the flag.
    let out = grundy_with_python(python.as_os_str(), &[&args[..], &["--json"]].concat());
    assert_eq!(out.status.code(), Some(2));
    let e: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(e["error"]["kind"], "refused");
    assert_eq!(e["error"]["argument"], "--dask");
    std::fs::remove_dir_all(python.parent().unwrap()).unwrap();
}

#[test]
fn a_python_that_does_not_run_is_refused_the_same_way() {
    let missing = std::env::temp_dir().join("grundy-no-such-python/python3");
    let out = grundy_with_python(missing.as_os_str(), &["analyze", "clobber", "xo/ox", "--dask", "tcp://h:8786"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("cannot import: pip install ./crates/grundy-py"), "{err}");
}

#[test]
fn dask_takes_no_flag_the_outcome_search_does_not() {
    for flag in ["--misere", "--explain", "--every"] {
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["analyze", "domineering", "..../....", "--dask", "tcp://h:8786", flag])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{flag}");
        assert!(stderr(&out).contains("cannot be used with"), "{flag}: {}", stderr(&out));
    }
}

/// `--memory` (each job's table bound) is read before Python runs: a bad one is refused in one
/// line naming it, whatever the Python.
#[test]
fn a_bad_memory_for_the_jobs_is_refused_before_python_runs() {
    let missing = std::env::temp_dir().join("grundy-no-such-python/python3");
    for bad in ["5", "x"] {
        let args = ["analyze", "domineering", "..../....", "--dask", "tcp://h:8786", "--memory", bad];
        let out = grundy_with_python(missing.as_os_str(), &args);
        assert_eq!(out.status.code(), Some(2), "--memory {bad}");
        let err = stderr(&out);
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("--memory") && !err.contains("pip install"), "{err}");
    }
}
