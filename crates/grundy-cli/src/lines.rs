//! Lines read from a stream with a length limit: a line longer than the limit is never held
//! whole (at most the limit and the reader's buffer are), it is reported as too long, and the
//! reading goes on at the next line.

use std::io::{self, BufRead, Read};

/// What one read gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// The end of the input.
    End,
    /// A line, in the buffer, without its line ending (`\n` or `\r\n`).
    Read,
    /// A line longer than the limit: it was skipped to its end, and the buffer is empty.
    TooLong,
}

/// Reads the next line into `line` (cleared first), holding at most `max` bytes of it. A line
/// of more than `max` bytes (its line ending not counted) is read past and reported as
/// [`Line::TooLong`].
pub fn read_line(reader: &mut impl BufRead, line: &mut Vec<u8>, max: usize) -> io::Result<Line> {
    line.clear();
    // `max` bytes, its `\r` and its `\n`.
    let read = reader.by_ref().take(max as u64 + 2).read_until(b'\n', line)?;
    if read == 0 {
        return Ok(Line::End);
    }
    let ended = line.last() == Some(&b'\n');
    if ended {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    if line.len() <= max {
        return Ok(Line::Read);
    }
    line.clear();
    if !ended {
        skip_to_line_end(reader)?;
    }
    Ok(Line::TooLong)
}

/// The most bytes of an over-long line read past to find its end: a stream with no line end
/// (`< /dev/zero`) is refused at this bound rather than read for ever.
pub const MAX_SKIP: u64 = 64 << 20;

/// Reads past the rest of a line, holding no more than the reader's buffer; a rest longer than
/// [`MAX_SKIP`] is an error ([`io::ErrorKind::InvalidData`]) saying so.
pub fn skip_to_line_end(reader: &mut impl BufRead) -> io::Result<()> {
    let mut skipped = 0u64;
    loop {
        let chunk = reader.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => {
                reader.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = chunk.len();
                reader.consume(n);
                skipped += n as u64;
                if skipped > MAX_SKIP {
                    return Err(io::Error::new(
                        io::ErrorKind::InvalidData,
                        format!("a line runs on past {MAX_SKIP} bytes with no line end"),
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_and_reading_goes_on() {
        let text = format!("ab\r\n{}\n{}\nlast", "x".repeat(10), "y".repeat(11));
        let mut reader = io::BufReader::with_capacity(4, text.as_bytes());
        let mut line = vec![];
        let mut seen = vec![];
        loop {
            match read_line(&mut reader, &mut line, 10).unwrap() {
                Line::End => break,
                Line::Read => seen.push(String::from_utf8(line.clone()).unwrap()),
                Line::TooLong => seen.push("(too long)".into()),
            }
        }
        assert_eq!(seen, ["ab", &"x".repeat(10), "(too long)", "last"]);
        // An endless line is refused holding at most the limit.
        let mut endless = io::BufReader::new(io::repeat(b'0').take(1 << 24));
        assert_eq!(read_line(&mut endless, &mut line, 1000).unwrap(), Line::TooLong);
        assert!(line.capacity() < 1 << 16);
        assert_eq!(read_line(&mut endless, &mut line, 1000).unwrap(), Line::End);
        // A line with no end is refused once MAX_SKIP bytes of it are read past.
        let mut zeros = io::BufReader::new(io::repeat(0));
        let e = read_line(&mut zeros, &mut line, 1000).unwrap_err();
        assert_eq!(e.kind(), io::ErrorKind::InvalidData);
    }
}
