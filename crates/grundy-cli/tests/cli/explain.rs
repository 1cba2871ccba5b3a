//! `grundy analyze --explain`, through the built binary: the binary balance table of Bouton's
//! theorem and the sentences that read it.

#![allow(clippy::unwrap_used)] // a failed unwrap in a test is a failed test

use std::process::Command;

/// The lines of `grundy analyze ARGS --explain` after `why:`, without their indentation.
fn why(args: &[&str]) -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .arg("analyze")
        .args(args)
        .arg("--explain")
        .output()
        .expect("the binary runs");
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    let (_, why) = text.split_once("\nwhy:\n").expect("an explanation");
    why.lines().map(|l| l.strip_prefix("  ").unwrap_or(l).to_string()).collect()
}

/// The line that starts with `start`.
fn line<'a>(lines: &'a [String], start: &str) -> &'a str {
    lines.iter().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no line '{start}' in {lines:#?}"))
}

/// The table's lines: from each header (the line holding `value`) to its `nim-sum` row.
fn table(lines: &[String]) -> Vec<&str> {
    let mut out = vec![];
    let mut inside = false;
    for l in lines {
        inside |= l.contains(" value ");
        if inside {
            out.push(l.as_str());
        }
        if l.starts_with("nim-sum") {
            inside = false;
        }
    }
    out
}

/// One unbalanced column is "Column 2 has", several are "Columns 8, 4 and 1 have".
#[test]
fn one_column_is_named_in_the_singular() {
    let lines = why(&["nim", "1", "3"]);
    assert!(
        line(&lines, "Column").starts_with("Column 2 has an odd number of 1s: the heaps are unbalanced"),
        "{lines:#?}"
    );
    let lines = why(&["nim", "7", "9", "12", "15"]);
    assert!(
        line(&lines, "Column")
            .starts_with("Columns 8, 4 and 1 have an odd number of 1s: the heaps are unbalanced (XOR 13"),
        "{lines:#?}"
    );
    assert!(
        line(&lines, "A balancing move").contains("the highest unbalanced column (8): heaps 2, 3, 4."),
        "{lines:#?}"
    );
    // The small table is one block, as before.
    assert_eq!(
        table(&lines),
        [
            "             value   8  4  2  1",
            "heap 1           7   0  1  1  1",
            "heap 2           9   1  0  0  1",
            "heap 3          12   1  1  0  0",
            "heap 4          15   1  1  1  1",
            "1s                   3  3  2  3",
            "unbalanced           ^  ^     ^",
            "nim-sum         13   1  1  0  1",
        ]
    );
}

/// Columns up to 1024 are named by their weight, larger ones as 2^k: in the header and in the
/// sentences alike.
#[test]
fn columns_past_1024_are_named_by_their_bit() {
    let lines = why(&["nim", "1024", "3"]);
    assert!(line(&lines, "Column").starts_with("Columns 1024, 2 and 1 have"), "{lines:#?}");
    let lines = why(&["nim", "2048", "1"]);
    assert!(line(&lines, "Column").starts_with("Columns 2^11 and 1 have"), "{lines:#?}");
    assert!(line(&lines, "A balancing move").contains("column (2^11): heap 1."), "{lines:#?}");
    assert!(
        table(&lines)[0].ends_with("value  2^11 1024  512  256  128   64   32   16    8    4    2    1"),
        "{lines:#?}"
    );

    // 39 columns: 2^38 = 274877906944 is named 2^38, never by its weight.
    let lines = why(&["nim", "274877906944", "5"]);
    let columns = line(&lines, "Column");
    assert!(columns.starts_with("Columns 2^38, 4 and 1 have"), "{columns}");
    assert!(line(&lines, "A balancing move").contains("column (2^38)"), "{lines:#?}");
    for l in table(&lines) {
        assert!(!l.contains("274877906944 ") || l.starts_with("heap 1"), "{l}");
    }
    // Blocks where every row is 0 are one line.
    assert!(line(&lines, "bits 31..8").ends_with("   columns 2^31 to 256: 0 in every row"), "{lines:#?}");
    assert!(line(&lines, "bits 38..32").ends_with("value  2^38 2^37 2^36 2^35 2^34 2^33 2^32"), "{lines:#?}");
}

/// A table of 64 columns is split into blocks of whole bytes, each line within 100 characters
/// (as printed, indentation included), each block with its header, rows and sums.
#[test]
fn wide_tables_are_split_into_blocks() {
    let lines = why(&["nim", "18446744073709551615", "12345678901234567"]);
    let t = table(&lines);
    for l in &t {
        assert!(l.len() + 2 <= 100, "{} characters: {l}", l.len() + 2);
    }
    let headers: Vec<&str> = t.iter().copied().filter(|l| l.starts_with("bits ")).collect();
    assert_eq!(headers.len(), 8, "{t:#?}");
    assert!(headers[0].starts_with("bits 63..56") && headers[0].ends_with("2^63 2^62 2^61 2^60 2^59 2^58 2^57 2^56"));
    assert!(headers[7].starts_with("bits 7..0") && headers[7].ends_with(" 128   64   32   16    8    4    2    1"));
    assert_eq!(t.iter().filter(|l| l.starts_with("nim-sum")).count(), 8);
    // 2^7..2^0 of 12345678901234567 (0x2bdc545d6b4b87) are 1000 0111.
    let heap2: Vec<&str> = t.iter().copied().filter(|l| l.starts_with("heap 2")).collect();
    assert!(heap2[7].ends_with("   1    0    0    0    0    1    1    1"), "{}", heap2[7]);
    let columns = line(&lines, "Column");
    assert!(columns.starts_with("Columns 2^63, 2^62, "), "{columns}");
    assert!(columns.contains(", 64, 32, 16 and 8 have an odd number of 1s"), "{columns}");
    assert!(!columns.contains("9223372036854775808"), "{columns}");
}
