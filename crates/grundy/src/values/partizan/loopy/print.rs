//! Writing a stopper in its simplest form as CGSuite does: a short game in the short games'
//! notation, the constants by name (`on`, `over`, `upon`, ...), a number plus a constant as a
//! sum (`2 + over`), and anything else in braces, a vertex met again on a cycle named by a
//! label (`a:{0,a|*}`), an option back to the vertex itself written `pass`. What is written
//! reads back as the same game.

use std::collections::HashMap;

use crate::values::partizan::loopy::compare::{all_pairs_le, Side};
use crate::values::partizan::loopy::text::parse_loopy;
use crate::values::partizan::loopy::LoopyGraph;
use crate::values::partizan::{GameStore, GameValue, PartizanError};

/// The named stoppers tried when writing one, with their texts; `-upon` is CGSuite's `downon`
/// but is written here as the negative, which reads back.
const NAMED: [(&str, &str); 6] =
    [("on", "on"), ("off", "off"), ("over", "over"), ("under", "under"), ("upon", "upon"), ("-upon", "-upon")];

/// Writes the stopper at vertex 0 of `g`, which is in its simplest form.
pub fn stopper_text(g: &LoopyGraph, store: &mut GameStore) -> Result<String, PartizanError> {
    let mut w = Writer {
        g,
        store,
        short: HashMap::new(),
        names: HashMap::new(),
        labels: HashMap::new(),
        active: Vec::new(),
        next_label: 0,
    };
    w.write(0)
}

struct Writer<'a> {
    g: &'a LoopyGraph,
    store: &'a mut GameStore,
    /// Each vertex's short value, if it is short (None: it reaches a cycle).
    short: HashMap<u32, Option<GameValue>>,
    /// Each loopy vertex's name, if it is a named stopper or a number plus one.
    names: HashMap<u32, Option<String>>,
    /// Labels given to vertices met again on a cycle.
    labels: HashMap<u32, String>,
    /// The vertices being written (the path from the start).
    active: Vec<u32>,
    next_label: usize,
}

impl Writer<'_> {
    fn short_value(&mut self, v: u32) -> Result<Option<GameValue>, PartizanError> {
        short_value_of(self.g, v, self.store, &mut self.short)
    }

    /// The name of loopy vertex `v` when it equals a named stopper, or a short game plus one
    /// (the short games tried: those of the graph's own short vertices, and 0).
    fn name(&mut self, v: u32) -> Result<Option<String>, PartizanError> {
        if let Some(n) = self.names.get(&v) {
            return Ok(n.clone());
        }
        let here = self.g.packed(v);
        let mut found = None;
        for (name, text) in NAMED {
            let k = parse_loopy(text, self.store)?;
            if equal(&here, &k)? {
                found = Some(name.to_string());
                break;
            }
        }
        if found.is_none() {
            let mut candidates: Vec<GameValue> = Vec::new();
            for x in self.g.reachable(v) {
                if let Some(s) = self.short_value(x)? {
                    if !candidates.contains(&s) {
                        candidates.push(s);
                    }
                }
            }
            'search: for s in candidates {
                let st = self.store.text(s)?;
                if st == "0" {
                    continue;
                }
                for (name, text) in NAMED.iter().skip(2) {
                    let k = parse_loopy(&format!("{st} + {text}"), self.store)?;
                    if equal(&here, &k)? {
                        found = Some(format!("{st} + {name}"));
                        break 'search;
                    }
                }
            }
        }
        self.names.insert(v, found.clone());
        Ok(found)
    }

    fn write(&mut self, v: u32) -> Result<String, PartizanError> {
        if let Some(s) = self.short_value(v)? {
            return self.store.text(s);
        }
        if let Some(label) = self.labels.get(&v) {
            return Ok(label.clone());
        }
        if self.active.contains(&v) {
            let label = self.new_label();
            self.labels.insert(v, label.clone());
            return Ok(label);
        }
        if let Some(name) = self.name(v)? {
            return Ok(name);
        }
        self.active.push(v);
        let mut sides: [Vec<String>; 2] = [Vec::new(), Vec::new()];
        for (player, side) in sides.iter_mut().enumerate() {
            for &x in self.g.options(v, player) {
                let t = if x == v { "pass".to_string() } else { self.write(x)? };
                side.push(t);
            }
        }
        self.active.pop();
        let body = format!("{{{}|{}}}", sides[0].join(","), sides[1].join(","));
        Ok(match self.labels.get(&v) {
            Some(label) => format!("{label}:{body}"),
            None => body,
        })
    }

    fn new_label(&mut self) -> String {
        loop {
            let n = self.next_label;
            self.next_label += 1;
            let letter = (b'a' + (n % 26) as u8) as char;
            let label = if n < 26 { letter.to_string() } else { format!("{letter}{}", n / 26) };
            if label != "v" {
                return label;
            }
        }
    }
}

/// Whether the stoppers at vertex 0 of `a` and `b` are equal.
pub fn equal(a: &LoopyGraph, b: &LoopyGraph) -> Result<bool, PartizanError> {
    let ab = all_pairs_le(a, b, Side::Stopper)?;
    let ba = all_pairs_le(b, a, Side::Stopper)?;
    Ok(ab.first().copied().unwrap_or(false) && ba.first().copied().unwrap_or(false))
}

/// The short game at vertex `v` of `g`, `None` when a cycle is reachable from it; each vertex's
/// answer kept in `memo`.
pub(crate) fn short_value_of(
    g: &LoopyGraph,
    v: u32,
    store: &mut GameStore,
    memo: &mut HashMap<u32, Option<GameValue>>,
) -> Result<Option<GameValue>, PartizanError> {
    if let Some(&s) = memo.get(&v) {
        return Ok(s);
    }
    if !g.is_loopfree(v) {
        memo.insert(v, None);
        return Ok(None);
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (player, side) in sides.iter_mut().enumerate() {
        for &x in g.options(v, player) {
            if let Some(s) = short_value_of(g, x, store, memo)? {
                side.push(s);
            }
        }
    }
    let value = store.game(&sides[0], &sides[1])?;
    memo.insert(v, Some(value));
    Ok(Some(value))
}
