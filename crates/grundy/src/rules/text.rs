//! Text shared by the layers, built with or without the `draw` feature: plurals, lists of
//! alternatives, and the one
//! escaping of every SVG grundy writes (faces, quotient tables, thermographs).

/// Text escaped for XML (element content and attribute values): the one escaping of every
/// text the SVG writer emits. The five markup characters become entities, and the characters
/// XML 1.0 forbids in a document even as references (the controls other than tab, line feed
/// and carriage return, NUL among them, and U+FFFE, U+FFFF) become U+FFFD, the replacement
/// character: a vertex named with one still draws, as a well-formed file.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if !xml_char(c) => out.push(char::REPLACEMENT_CHARACTER),
            c => out.push(c),
        }
    }
    out
}

/// Whether XML 1.0 allows `c` in a document (its production `Char`): tab, line feed, carriage
/// return and everything from U+0020 on but U+FFFE and U+FFFF (Rust's `char` holds no
/// surrogates).
pub fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}')
}

// A user's text echoed in a message is cut where long; written in `number`, below every layer,
// as the reader of numbers echoes its tokens too.
pub use crate::number::{echo, ECHO_MAX};

/// "1 object", "7 objects".
pub fn plural(n: u64, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// `a`, `a or b`, `a, b or c`: alternatives in a sentence.
pub fn words_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}
