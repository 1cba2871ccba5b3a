//! The README and the guide (`docs/*.md`) walked through as a new user would, with the real
//! binary: every command of their `sh` blocks runs as written, and where a `$ ` line is followed
//! by what it prints, it prints that (`...` standing for lines or JSON left out); the games
//! table's examples run; the `curl` examples of the HTTP API are sent to a real `grundy serve`;
//! every link leads to a file and a heading that exist; and the facts they state about the
//! build hold.
//!
//! Lines of an `sh` block that run another program (`pip`, `python3 brute.py | ...`, `cargo
//! install`, `dask`) are not run here; commands that take minutes are written in `text` blocks
//! instead, and are not run either.

use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

// `server::post` sends to /api/analyze only; this test sends each example to its own endpoint.
#[allow(dead_code)]
use crate::server;

/// The repository's root.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The README and every page of the guide, each with its path from the repository's root.
fn documents() -> Vec<(String, String)> {
    let mut pages: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    pages.sort();
    let mut out = vec![("README.md".to_string(), std::fs::read_to_string(root().join("README.md")).unwrap())];
    for page in pages {
        let name = format!("docs/{}", page.file_name().unwrap().to_string_lossy());
        out.push((name, std::fs::read_to_string(&page).unwrap()));
    }
    out
}

/// The text of the file `name` (a path from the repository's root).
fn page(name: &str) -> String {
    std::fs::read_to_string(root().join(name)).unwrap()
}

/// The lines of a document's ```sh blocks, a line ending in `\` joined with the next.
fn shell_lines(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut inside = false;
    let mut continued = false;
    // A list item's block is indented (the README's install section): its lines lose the
    // fence's indentation, and keep their own.
    let mut indent = 0;
    for line in text.lines() {
        let fence = line.trim_start();
        if fence.starts_with("```") {
            inside = fence == "```sh";
            indent = line.len() - fence.len();
            continue;
        }
        if !inside {
            continue;
        }
        let line = line.get(indent..).unwrap_or("");
        match out.last_mut() {
            Some(last) if continued => last.push_str(line.trim_end_matches('\\')),
            _ => out.push(line.trim_end_matches('\\').to_string()),
        }
        continued = line.ends_with('\\');
    }
    out
}

/// The words of a command as a shell splits them: quotes ('...' and "...") hold a word
/// together, an unquoted `#` starts a comment, and the command ends at an unquoted `>`, `|`
/// or `&&` (what follows is the shell's business).
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => word.get_or_insert_with(String::new).push(c),
            None if c == '\'' || c == '"' => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            None if c.is_whitespace() => out.extend(word.take()),
            None if c == '#' && word.is_none() => break,
            None if (c == '>' || c == '|') && word.is_none() => break,
            None => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    match out.iter().position(|w| w == "&&") {
        Some(end) => out[..end].to_vec(),
        None => out,
    }
}

/// A folder holding `edges.txt`, the graph the guide shows for `graph:FILE`, and the
/// repository's `examples/` (the guide's examples name files there), where the commands run.
/// It is made once: the tests run in parallel, and rewriting `edges.txt` while another test's
/// command reads it would hand that command an empty graph.
fn workdir() -> &'static Path {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("grundy-readme-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("edges.txt"), grundy::frontend::EXAMPLE_GRAPH).unwrap();
        let examples = dir.join("examples");
        let target = root().join("examples");
        // A folder left by an earlier run whose process had this id may hold a link to another
        // checkout's examples, since removed: it is made again to point here.
        if std::fs::read_link(&examples).ok().as_deref() != Some(target.as_path()) {
            let _ = std::fs::remove_file(&examples);
            std::os::unix::fs::symlink(target, examples).unwrap();
        }
        dir
    })
}

/// Runs `grundy` with the words after it, in the work folder.
fn run(words: &[String]) -> std::process::Output {
    assert_eq!(words[0], "grundy", "{words:?}");
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(&words[1..]).current_dir(workdir()).output().unwrap()
}

/// Whether `actual` is what a document shows: its lines in order, a line `...` standing for
/// any lines (none included).
fn shows(shown: &[String], actual: &str) -> bool {
    let actual: Vec<&str> = actual.lines().collect();
    let parts: Vec<&[String]> = shown.split(|l| l == "...").collect();
    let mut at = 0;
    for (k, part) in parts.iter().enumerate() {
        let found = if k == 0 {
            actual.len() >= part.len() && actual[..part.len()].iter().zip(part.iter()).all(|(a, s)| a == s)
        } else if k == parts.len() - 1 {
            actual.len() >= at + part.len()
                && actual[actual.len() - part.len()..].iter().zip(part.iter()).all(|(a, s)| a == s)
        } else {
            match (at..=actual.len().saturating_sub(part.len()))
                .find(|&i| actual[i..i + part.len()].iter().zip(part.iter()).all(|(a, s)| a == s))
            {
                Some(i) => {
                    at = i;
                    true
                }
                None => false,
            }
        };
        if !found {
            return false;
        }
        at += part.len();
    }
    parts.len() > 1 || actual.len() == shown.len()
}

/// Starts `grundy serve` as a document's command asks, on a free port instead of the one
/// named, waits for its listening line and stops it: the command runs as written.
fn serves(words: &[String]) {
    let mut args: Vec<String> = Vec::new();
    let mut rest = words[2..].iter();
    while let Some(w) = rest.next() {
        if w == "--port" {
            rest.next();
        } else {
            args.push(w.clone());
        }
    }
    args.extend(["--port".to_string(), "0".to_string()]);
    let mut command = Command::new(env!("CARGO_BIN_EXE_grundy"));
    command.arg("serve").args(&args).current_dir(workdir());
    let (_server, addr, line) = server::start_command(command);
    assert!(line.contains("listening on http://") && !addr.is_empty(), "{words:?}: {line}");
}

/// A `curl` command of the guide sent to the server at `addr`: its URL (`localhost:8080` is the
/// server's address), its body (`-d`); the status and the body of the answer.
fn curl(addr: &str, words: &[String]) -> (u16, String) {
    let mut body = None;
    let mut url = None;
    let mut rest = words[1..].iter();
    while let Some(w) = rest.next() {
        match w.as_str() {
            "-d" => body = rest.next().cloned(),
            "-H" => {
                rest.next();
            }
            "-s" => {}
            _ => url = Some(w.clone()),
        }
    }
    let url = url.expect("a URL");
    let path = url.strip_prefix("localhost:8080").unwrap_or_else(|| panic!("{url} is not on localhost:8080"));
    let path = path.replace(' ', "%20");
    let request = match &body {
        Some(b) => format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{b}",
            b.len()
        ),
        None => format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    };
    let mut stream = std::net::TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    stream.write_all(request.as_bytes()).unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let (head, body) = response.split_once("\r\n\r\n").expect("a body");
    let status = head.split_whitespace().nth(1).and_then(|s| s.parse().ok()).expect("a status");
    assert!(!head.to_ascii_lowercase().contains("transfer-encoding: chunked"), "{head}");
    (status, body.to_string())
}

/// Whether the JSON `actual` is what a document shows: equal to it when what is shown is whole
/// JSON; otherwise (`...` standing for what is left out) every `"key":scalar` shown is in the
/// answer as written, and every other key shown is one of its keys.
fn shows_json(shown: &str, actual: &str) -> Result<(), String> {
    let answer: serde_json::Value = serde_json::from_str(actual).map_err(|e| format!("not JSON ({e}): {actual}"))?;
    if let Ok(whole) = serde_json::from_str::<serde_json::Value>(shown) {
        return if whole == answer { Ok(()) } else { Err(format!("shown {whole}, answered {answer}")) };
    }
    let compact = serde_json::to_string(&answer).unwrap();
    let mut rest = shown;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let Some(end) = after.find('"') else { break };
        let key = &after[..end];
        let tail = &after[end + 1..];
        if let Some(value) = tail.strip_prefix(':') {
            // A string cut short (`"<svg ..."`) is shown for its key only.
            let scalar = scalar_prefix(value).filter(|s| !s.contains("..."));
            match scalar {
                Some(s) if !compact.contains(&format!("\"{key}\":{s}")) => {
                    return Err(format!("\"{key}\":{s} is not in {compact}"))
                }
                None if !compact.contains(&format!("\"{key}\":")) => return Err(format!("no key {key} in {compact}")),
                _ => {}
            }
            rest = value;
        } else {
            rest = tail;
        }
    }
    Ok(())
}

/// The JSON scalar at the start of `text` (a string, number, true, false or null), if any.
fn scalar_prefix(text: &str) -> Option<&str> {
    if let Some(inner) = text.strip_prefix('"') {
        let mut escaped = false;
        for (i, c) in inner.char_indices() {
            match c {
                '\\' if !escaped => escaped = true,
                '"' if !escaped => return Some(&text[..i + 2]),
                _ => escaped = false,
            }
        }
        return None;
    }
    let end = text.find([',', '}', ']', ' ', '\n']).unwrap_or(text.len());
    let token = &text[..end];
    let literal = ["true", "false", "null"].contains(&token)
        || (!token.is_empty() && token.parse::<f64>().is_ok() && token != "...");
    literal.then_some(token)
}

#[test]
fn every_example_of_the_games_table_runs() {
    let text = page("docs/games.md");
    let examples: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("| `"))
        .filter_map(|l| l.rsplit('|').nth(1))
        .map(|cell| cell.trim().trim_matches('`'))
        .filter(|cell| cell.starts_with("grundy analyze"))
        .collect();
    assert_eq!(examples.len(), grundy::frontend::GAMES.len(), "one example a game");
    // The example of graph:FILE reads edges.txt, whose text the guide shows.
    let graphs = page("docs/games-graph.md");
    let shown = graphs.split("```text\n# edges.txt\n").nth(1).and_then(|rest| rest.split("```").next());
    assert_eq!(shown, Some(grundy::frontend::EXAMPLE_GRAPH), "the guide shows edges.txt");
    for example in examples {
        let out = run(&words(example));
        assert!(out.status.success(), "{example}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stdout).contains("outcome: "), "{example}");
    }
}

#[test]
fn the_shell_blocks_run_as_written() {
    let mut ran = 0;
    let mut served = 0;
    for (name, text) in documents() {
        let lines = shell_lines(&text);
        let mut i = 0;
        while i < lines.len() {
            // The README's main command runs the binary through cargo: the same arguments.
            let line = lines[i].replace("cargo run --release -- ", "grundy ");
            i += 1;
            // `$ grundy ...` is followed by what it prints, up to the next `$ ` line; a bare
            // `grundy ...` line is a command that succeeds.
            let (command, prompted) = match line.strip_prefix("$ ") {
                Some(c) => (c.to_string(), true),
                None => (line.clone(), false),
            };
            let mut shown = Vec::new();
            while prompted && i < lines.len() && !lines[i].starts_with("$ ") && !lines[i].starts_with("grundy ") {
                shown.push(lines[i].clone());
                i += 1;
            }
            if command.starts_with("curl ") {
                continue; // the HTTP API's examples, sent to a server below
            }
            if !command.starts_with("grundy ") {
                continue; // another program (pip, python3, cargo install, mkdir, dask)
            }
            let w = words(&command);
            ran += 1;
            if w[1] == "serve" {
                serves(&w);
                served += 1;
                continue;
            }
            let out = run(&w);
            if shown.is_empty() {
                assert!(out.status.success(), "{name}: {command}: {}", String::from_utf8_lossy(&out.stderr));
            } else {
                let actual = String::from_utf8_lossy(&out.stdout);
                assert!(
                    shows(&shown, actual.trim_end()),
                    "{name}: {command} prints\n{actual}\nnot what the page shows:\n{}",
                    shown.join("\n")
                );
            }
        }
    }
    assert!(ran >= 100, "only {ran} commands found in the README and the guide");
    assert!(served >= 2, "the README and the guide start grundy serve {served} times");
}

#[test]
fn the_http_api_examples_answer_as_shown() {
    let text = page("docs/http-api.md");
    let (_server, addr, _) = server::start(&["--port", "0"]);
    let lines = shell_lines(&text);
    let mut sent = 0;
    let mut i = 0;
    while i < lines.len() {
        let Some(command) = lines[i].strip_prefix("$ ") else { panic!("a line that is not a command: {}", lines[i]) };
        i += 1;
        let mut shown = Vec::new();
        while i < lines.len() && !lines[i].starts_with("$ ") {
            shown.push(lines[i].clone());
            i += 1;
        }
        let w = words(command);
        assert_eq!(w[0], "curl", "{command}");
        let (status, body) = curl(&addr, &w);
        let shown = shown.join("\n");
        let is_error = shown.starts_with("{\"error\"");
        assert_eq!(status < 400, !is_error, "{command}: {status} {body}");
        if let Err(why) = shows_json(&shown, &body) {
            panic!("{command}: {why}");
        }
        sent += 1;
    }
    assert!(sent >= 10, "only {sent} requests");
    // Every endpoint the server routes has its section, with an example.
    let router = std::fs::read_to_string(root().join("crates/grundy-web/src/lib.rs")).unwrap();
    let mut endpoints = 0;
    // `.route("/api/PATH", METHOD(...))`, however rustfmt lays the call out.
    for route in router.split(".route(").filter_map(|r| r.trim_start().strip_prefix("\"/api/")) {
        let path = route.split('"').next().unwrap();
        let method = if route.split(')').next().unwrap().contains("post(") { "POST" } else { "GET" };
        let heading = format!("## `{method} /api/{path}`");
        let section = text.split(&heading).nth(1).unwrap_or_else(|| panic!("docs/http-api.md lacks {heading}"));
        let section = section.split("\n## ").next().unwrap();
        assert!(section.contains(&format!("localhost:8080/api/{path}")), "{heading} has no example");
        endpoints += 1;
    }
    assert!(endpoints >= 7, "{endpoints} endpoints");
}

#[test]
fn the_install_section_states_what_holds() {
    let readme = page("README.md");
    let install = page("docs/install.md");
    for text in [&readme, &install] {
        assert!(text.contains("cargo install --path crates/grundy-cli"));
        // The Rust version named is the workspace's rust-version.
        let manifest = page("Cargo.toml");
        let version = manifest.lines().find_map(|l| l.strip_prefix("rust-version = ")).unwrap().trim_matches('"');
        assert!(text.contains(&format!("Rust {version} or later")), "the install text does not name Rust {version}");
    }
    // The two commands, as the CI and a new user run them.
    assert!(readme.contains("```sh\ncargo run --release -- analyze nim 7 9 12 15 --explain\n```"));
    assert!(readme.contains("```sh\n./test.sh\n```"));
    // What the test command installs is what its scripts install.
    let scripts = ["e2e/install.sh", "fuzz/run.sh", "crates/grundy-py/install.sh"].map(page).join("\n");
    for (script_word, doc_word) in [
        ("cargo install cargo-fuzz", "cargo-fuzz"),
        ("chromium", "chromium"),
        ("npm ci", "npm ci"),
        ("python3-venv", "python3-venv"),
        ("nbclient", "nbclient"),
    ] {
        assert!(scripts.contains(script_word), "{script_word}");
        assert!(install.contains(doc_word), "docs/install.md does not say the test command installs {doc_word}");
    }
}

/// The README is short (at most 250 lines), and the README, `grundy --help` and the page's
/// tagline each name both kinds of game.
#[test]
fn the_readme_is_short_and_grundy_names_partizan_games() {
    let readme = page("README.md");
    assert!(readme.lines().count() <= 250, "README.md has {} lines", readme.lines().count());
    let intro = readme.split("\n## ").next().unwrap();
    assert!(intro.contains("impartial") && intro.contains("partizan"), "{intro}");
    let help = run(&["grundy".to_string(), "--help".to_string()]);
    let first = String::from_utf8_lossy(&help.stdout).lines().next().unwrap_or_default().to_string();
    assert!(first.contains("impartial") && first.contains("partizan"), "grundy --help says: {first}");
    let html = page("crates/grundy-web/static/index.html");
    let tagline = html.split("class=\"tagline\">").nth(1).and_then(|t| t.split("</p>").next()).unwrap();
    assert!(tagline.contains("impartial") && tagline.contains("partizan"), "{tagline}");
}

/// Every partizan game of the partizan page's table (but the loopy ones, which have a list of
/// their own, and Hackenbush, which has a page) is named, by the name `grundy games` gives it,
/// in the lists of partizan games of the README, the guide's index and the games page.
#[test]
fn every_partizan_game_is_in_the_lists_of_partizan_games() {
    let games = run(&["grundy".to_string(), "games".to_string(), "--json".to_string()]);
    let games: serde_json::Value = serde_json::from_slice(&games.stdout).unwrap();
    let name_of = |spelling: &str| {
        games
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["spelling"] == spelling)
            .map(|g| g["name"].as_str().unwrap().to_string())
    };
    let table = page("docs/games-partizan.md");
    let mut names = vec![];
    for row in table.lines().filter(|l| l.starts_with("| `")) {
        let spelling = row.split('`').nth(1).unwrap().split(' ').next().unwrap();
        if row.contains("| loopy values") || spelling == "hackenbush" {
            continue;
        }
        names.push(name_of(spelling).unwrap_or_else(|| panic!("{spelling} is not in grundy games")));
    }
    assert!(names.len() >= 10, "{names:?}");
    let between = |text: &str, from: &str, to: &str| {
        let start = text.find(from).unwrap_or_else(|| panic!("no {from:?}"));
        let rest = &text[start..];
        rest[..rest.find(to).unwrap_or(rest.len())].split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let lists = [
        ("README.md", between(&page("README.md"), "**partizan games**", "answered through")),
        ("docs/README.md", between(&page("docs/README.md"), "[Partizan games](games-partizan.md)", "\n- ")),
        ("docs/games.md", between(&page("docs/games.md"), "partizan games (Left and Right", ")")),
    ];
    for (file, list) in &lists {
        for name in &names {
            assert!(list.contains(name.as_str()), "{file}'s list of partizan games lacks {name}: {list}");
        }
    }
}

/// The heading `#` of a Markdown heading line, as GitHub writes it: lower case, punctuation
/// other than `-` and `_` dropped, spaces as `-`.
fn anchor(heading: &str) -> String {
    heading
        .trim_start_matches('#')
        .trim()
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ' || *c == '-' || *c == '_')
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

#[test]
fn every_link_leads_to_a_file_and_heading() {
    let mut links = 0;
    for (name, text) in documents() {
        let base = root().join(&name).parent().unwrap().to_path_buf();
        for link in text.split("](").skip(1).map(|rest| rest.split(')').next().unwrap()) {
            if link.starts_with("http") {
                continue;
            }
            let (file, heading) = link.split_once('#').unwrap_or((link, ""));
            let target = if file.is_empty() { root().join(&name) } else { base.join(file) };
            assert!(target.exists(), "{name}: the link {link} leads nowhere");
            if !heading.is_empty() {
                let target_text = std::fs::read_to_string(&target).unwrap();
                let anchors: Vec<String> = target_text.lines().filter(|l| l.starts_with('#')).map(anchor).collect();
                assert!(anchors.iter().any(|a| a == heading), "{name}: no heading #{heading} in {}", target.display());
            }
            links += 1;
        }
    }
    assert!(links >= 50, "{links} links");
}

/// `examples/pattern/half.txt`, which the guide's `grundy pattern` reads, is what the guide's
/// brute force `brute.py` prints.
#[test]
fn the_pattern_example_is_what_the_brute_force_prints() {
    let text = page("docs/pattern.md");
    let rest = text.split("```python\n# brute.py").nth(1).and_then(|b| b.split("```").next()).unwrap();
    let script = format!("# brute.py{rest}");
    let mut python = Command::new("python3")
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 runs the guide's script");
    python.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let mut printed = String::new();
    BufReader::new(python.stdout.take().unwrap()).read_to_string(&mut printed).unwrap();
    assert!(python.wait().unwrap().success());
    assert_eq!(printed, page("examples/pattern/half.txt"));
}
