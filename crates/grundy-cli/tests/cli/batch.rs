//! `grundy batch` through the binary: each line's answer is exactly what `grundy analyze --json`
//! prints for the same question (the explanation only when asked), in order, one line each;
//! refused lines get an error object naming the bad field and the stream goes on.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Output, Stdio};

use serde_json::Value;

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("the binary runs")
}

/// Runs `grundy batch ARGS` with `input` on standard input: its exit status and its answers.
fn batch(args: &[&str], input: &str) -> (Option<i32>, Vec<Value>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("batch")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let answers = text.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect();
    (out.status.code(), answers)
}

/// `grundy analyze ARGS --json`, parsed.
fn analyze_json(args: &[&str]) -> Value {
    let mut all = vec!["analyze"];
    all.extend_from_slice(args);
    all.push("--json");
    serde_json::from_slice(&grundy(&all).stdout).unwrap()
}

/// Each query with the `grundy analyze` command line that asks the same.
const SAME_QUESTIONS: &[(&str, &[&str])] = &[
    (r#"{"game": "nim", "position": [7, 9, 12, 15]}"#, &["nim", "7", "9", "12", "15"]),
    (r#"{"game": "nim", "position": [3, 4, 5], "misere": true}"#, &["nim", "3", "4", "5", "--misere"]),
    (
        r#"{"game": "kayles", "position": ["1000000000000000000"], "limit": 3}"#,
        &["kayles", "1000000000000000000", "--limit", "3"],
    ),
    (
        r#"{"game": "subtraction:2,5", "position": ["18446744073709551615", 9]}"#,
        &["subtraction:2,5", "18446744073709551615", "9"],
    ),
    (
        r#"{"game": "sum", "position": ["euclid=34,12", "wythoff=2,2", "kayles=7"]}"#,
        &["sum", "euclid=34,12", "wythoff=2,2", "kayles=7"],
    ),
    (
        r#"{"game": "kl:2,3", "position": [4, 5, 6], "to_move": "second"}"#,
        &["kl:2,3", "4", "5", "6", "--to-move", "second"],
    ),
    (r#"{"game": "euclid", "position": [5, 3], "every": true}"#, &["euclid", "5", "3", "--every"]),
    (
        r#"{"game": "divisor", "position": [1000000000000000], "misere": true}"#,
        &["divisor", "1000000000000000", "--misere"],
    ),
];

#[test]
fn every_answer_is_the_analysis_of_its_line_in_order() {
    let input: String = SAME_QUESTIONS.iter().map(|(q, _)| format!("{q}\n")).collect();
    let (status, answers) = batch(&["--explain"], &input);
    assert_eq!(status, Some(0));
    assert_eq!(answers.len(), SAME_QUESTIONS.len());
    for ((query, args), answer) in SAME_QUESTIONS.iter().zip(&answers) {
        // The one difference: what set the limit is named as each front end spells it.
        let answer = serde_json::to_string(answer).unwrap().replace("(the query's limit)", "(--limit)");
        assert_eq!(serde_json::from_str::<Value>(&answer).unwrap(), analyze_json(args), "{query}");
    }
    // Without --explain the answer is the same but for the explanation, which is left empty.
    let (_, brief) = batch(&[], &input);
    for (full, brief) in answers.iter().zip(&brief) {
        let mut full = full.clone();
        assert!(!full["explanation"].as_array().unwrap().is_empty());
        full["explanation"] = Value::Array(vec![]);
        assert_eq!(&full, brief);
    }
    // A query may ask for the explanation itself.
    let (_, asked) = batch(&[], "{\"game\": \"nim\", \"position\": [1, 2], \"explain\": true}\n");
    assert_eq!(asked[0], analyze_json(&["nim", "1", "2"]));
}

#[test]
fn a_refused_line_is_an_error_on_its_own_line_and_the_stream_goes_on() {
    let good = r#"{"game": "nim", "position": [1, 2]}"#;
    // Each bad line with the field its error names (null: the line as a whole).
    let bad: &[(&str, Value)] = &[
        ("{\"game\": \"nim\", \"position\": [1, 2]", Value::Null),
        ("not json", Value::Null),
        ("", Value::Null),
        (r#"{"position": [1]}"#, Value::Null),
        (r#"{"game": "nim", "position": [1, true]}"#, Value::Null),
        (r#"{"game": "chess", "position": [1]}"#, "game".into()),
        (r#"{"game": "nim", "position": [-3]}"#, "position".into()),
        (r#"{"game": "nim", "position": ["x"]}"#, "position".into()),
        (r#"{"game": "nim", "position": [18446744073709551616]}"#, "position".into()),
        (r#"{"game": "nim", "position": ["18446744073709551616"]}"#, "position".into()),
        (r#"{"game": "nim", "position": [1], "to_move": "third"}"#, "to_move".into()),
        (r#"{"game": "nim", "position": [1], "budget": 4294967296}"#, "budget".into()),
        (r#"{"game": "nim", "position": [1], "limit": -1}"#, "limit".into()),
        (r#"{"game": "nim", "position": [1], "limit": [100]}"#, "limit".into()),
        (r#"{"game": "nim", "position": [1], "limit": 2.5}"#, "limit".into()),
        (r#"{"game": "nim", "position": [1], "misere": true, "every": true}"#, "misere".into()),
        (r#"{"game": "dawsons-kayles", "position": [60], "misere": true, "budget": 1000}"#, "budget".into()),
    ];
    let mut input = String::new();
    for (line, _) in bad {
        input += &format!("{line}\n{good}\n");
    }
    let (status, answers) = batch(&[], &input);
    assert_eq!(status, Some(0), "a refused line does not stop the stream");
    assert_eq!(answers.len(), 2 * bad.len());
    let expected_good = {
        let mut v = analyze_json(&["nim", "1", "2"]);
        v["explanation"] = Value::Array(vec![]);
        v
    };
    for (k, (line, field)) in bad.iter().enumerate() {
        let error = &answers[2 * k];
        assert_eq!(error["line"], 2 * k as u64 + 1, "{line}");
        assert_eq!(&error["error"]["argument"], field, "{line}: {error}");
        let message = error["error"]["message"].as_str().unwrap();
        assert!(!message.is_empty() && !message.contains('\n'), "{line}: {message}");
        assert_eq!(answers[2 * k + 1], expected_good, "the line after {line}");
    }
    assert_eq!(answers[answers.len() - 2]["error"]["kind"], "gave_up");
    assert!(answers[answers.len() - 2]["error"]["message"].as_str().unwrap().contains("\"budget\": "));
}

/// A line whose budget could pass the memory a line may use is refused on its own line, saying
/// the budget that fits (which then works), and the stream goes on.
#[test]
fn a_line_past_the_memory_of_a_line_is_refused_and_the_stream_goes_on() {
    let input = "{\"game\": \"nim\", \"position\": [3]}\n\
                 {\"game\": \"kayles\", \"position\": [30], \"misere\": true, \"budget\": 2000000}\n\
                 {\"game\": \"nim\", \"position\": [5]}\n";
    let (status, answers) = batch(&["--memory", "256M"], input);
    assert_eq!(status, Some(0));
    assert_eq!(answers.len(), 3);
    assert_eq!(answers[0]["outcome"], "N");
    assert_eq!(answers[1]["line"], 2);
    assert_eq!(answers[1]["error"]["kind"], "memory");
    assert_eq!(answers[1]["error"]["argument"], "budget");
    let message = answers[1]["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with("a budget of 2000000 could take up to 520.3 MiB of memory, past the 256.0 MiB a line may use (--memory): send \"budget\": "),
        "{message}"
    );
    assert_eq!(answers[2]["outcome"], "N");
    // The budget it names is enough for the memory.
    let fits: u64 = message.split("\"budget\": ").nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    let line = format!("{{\"game\": \"kayles\", \"position\": [30], \"misere\": true, \"budget\": {fits}}}\n");
    let (_, answers) = batch(&["--memory", "256M"], &line);
    assert_eq!(answers[0]["outcome"], analyze_json(&["kayles", "30", "--misere"])["outcome"], "{}", answers[0]);
}

#[test]
fn an_over_long_line_is_refused_without_being_held() {
    // 64 MiB of --memory holds lines of (64 - 32) MiB / 64 = 512 KiB: this one is 1.2 MB.
    let long = format!("{{\"game\": \"nim\", \"position\": [{}1], \"limit\": 0}}", "1, ".repeat(400_000));
    let input = format!("{long}\n{{\"game\": \"nim\", \"position\": [5]}}\n");
    let (status, answers) = batch(&["--memory", "64M"], &input);
    assert_eq!(status, Some(0));
    assert_eq!(answers.len(), 2);
    let message = answers[0]["error"]["message"].as_str().unwrap();
    assert!(message.contains("longer than 524288 bytes") && message.contains("--memory"), "{message}");
    assert_eq!(answers[1]["outcome"], "N");
    // With the default memory the same line is answered: 400,001 heaps of 1 (XOR 1).
    let (status, answers) = batch(&[], &input);
    assert_eq!(status, Some(0));
    assert_eq!(answers[0]["sg"], 1, "{}", answers[0]["error"]);
    assert_eq!(answers[0]["position"].as_array().map(Vec::len), Some(400_001));
}

#[test]
fn answers_come_back_while_the_input_stays_open() {
    // A stress-testing program writes a query and waits for its answer before the next one.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("batch")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut answers = BufReader::new(child.stdout.take().unwrap());
    for heaps in [[1, 2, 3], [4, 5, 6]] {
        writeln!(stdin, "{{\"game\": \"nim\", \"position\": {heaps:?}}}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        answers.read_line(&mut line).unwrap();
        let v: Value = serde_json::from_str(&line).unwrap();
        assert_eq!(v["sg"], heaps[0] ^ heaps[1] ^ heaps[2]);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn a_file_of_queries_and_bad_arguments() {
    let dir = std::env::temp_dir().join(format!("grundy-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("queries.jsonl");
    std::fs::write(&file, "{\"game\": \"bash:4\", \"position\": [23]}\n").unwrap();
    let out = grundy(&["batch", file.to_str().unwrap()]);
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["sg"], 3);
    let missing = grundy(&["batch", dir.join("none.jsonl").to_str().unwrap()]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("none.jsonl"));
    for flag in ["-5", "x", "4294967296"] {
        let out = grundy(&["batch", "--budget", flag, file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "--budget {flag}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim_end().lines().count(), 1);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_guide_shows_what_batch_prints() {
    let guide =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/batch.md")).unwrap();
    let (_, answers) =
        batch(&[], "{\"game\": \"nim\", \"position\": [1, 2, 3]}\n{\"game\": \"nim\", \"position\": [-1]}\n");
    assert_eq!(answers[0]["outcome"], "P");
    let error = serde_json::to_string(&answers[1]).unwrap();
    assert!(guide.contains(&error), "docs/batch.md lacks {error}");
}

/// Games on a graph carry their edges as the text of a `graph` field, as the API's requests do:
/// a drawn token is outcome D with no winner, geography's winning starts are listed, and a
/// query naming a file is refused saying what to send (a query reads no files).
#[test]
fn games_on_a_graph_carry_their_edges_in_the_query() {
    let lines = [
        serde_json::json!({"game": "graph", "graph": "a b\nb a\nb c\nc d\n", "position": ["a", "c"]}),
        serde_json::json!({"game": "geography", "graph": "r1c1 r2c1\nr2c1 r2c2\nr2c2 r2c3\nr2c2 r3c2\n", "position": ["-"]}),
        serde_json::json!({"game": "graph:edges.txt", "position": ["a"]}),
        serde_json::json!({"game": "graph", "graph": "a b c d\n", "position": ["a"]}),
    ];
    let input: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let (status, answers) = batch(&[], &input);
    assert_eq!(status, Some(0));
    assert_eq!(answers.len(), 4);
    assert_eq!((answers[0]["outcome"].clone(), answers[0]["winner"].clone()), (Value::from("D"), Value::Null));
    let starts: Vec<&Value> =
        answers[1]["winning_moves"].as_array().unwrap().iter().map(|m| &m["result_tokens"]).collect();
    assert_eq!(starts, [&serde_json::json!(["r2c3"]), &serde_json::json!(["r3c2"])]);
    assert_eq!(answers[2]["error"]["argument"], "game");
    assert!(answers[2]["error"]["message"].as_str().unwrap().contains("reads no files"), "{}", answers[2]);
    assert_eq!(answers[3]["error"]["argument"], "game");
    assert!(answers[3]["error"]["message"].as_str().unwrap().contains("line 1"), "{}", answers[3]);
}
