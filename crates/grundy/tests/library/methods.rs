//! Each of the sparse engine's methods, forced and measured, in both widths of values, against
//! the plain mex of every option on every octal code of the benchmark list
//! (`../shared/octal-codes.txt`, which `bench/octal-sweep.sh` times against ogsolve): a wrong
//! method cannot hide behind the automatic choice.

#![allow(clippy::unwrap_used)] // a test that cannot unwrap has failed

use grundy::frontend::{EngineError, MethodChoice, SparseEngine, ValueMethod};
use grundy::{Algorithm, SequenceBuilder};

use crate::common;

use common::{mex_values, ruleset};

/// The codes of the benchmark list, in its order (a copy, so that the test does not depend on a
/// file outside the repository): dense games with values growing without bound (0.764, 0.414),
/// games periodic from early on (0.5, 0.724), the sparse method's games (0.16, 4.7), codes with
/// 4 before the point.
const CODES: [&str; 138] = [
    "0.1", "0.2", "0.3", "0.4", "0.5", "0.6", "0.7", "0.01", "0.02", "0.03", "0.04", "0.05", "0.06", "0.07", "0.11",
    "0.12", "0.13", "0.14", "0.15", "0.16", "0.17", "0.21", "0.22", "0.23", "0.24", "0.25", "0.26", "0.27", "0.31",
    "0.32", "0.33", "0.34", "0.35", "0.36", "0.37", "0.41", "0.42", "0.43", "0.44", "0.45", "0.46", "0.47", "0.51",
    "0.52", "0.53", "0.54", "0.55", "0.56", "0.57", "0.61", "0.62", "0.63", "0.64", "0.65", "0.66", "0.67", "0.71",
    "0.72", "0.73", "0.74", "0.75", "0.76", "0.77", "0.104", "0.106", "0.107", "0.114", "0.117", "0.125", "0.132",
    "0.135", "0.137", "0.142", "0.144", "0.147", "0.156", "0.161", "0.165", "0.167", "0.172", "0.174", "0.176",
    "0.304", "0.306", "0.314", "0.336", "0.342", "0.344", "0.346", "0.352", "0.354", "0.356", "0.362", "0.364",
    "0.366", "0.372", "0.374", "0.376", "0.404", "0.414", "0.416", "0.426", "0.432", "0.436", "0.444", "0.446",
    "0.452", "0.456", "0.464", "0.466", "0.472", "0.476", "0.504", "0.506", "0.524", "0.526", "0.534", "0.536",
    "0.614", "0.624", "0.626", "0.634", "0.636", "0.642", "0.644", "0.646", "0.656", "0.704", "0.714", "0.716",
    "0.724", "0.764", "0.774", "0.776", "4.7", "4.4", "4.07", "4.37",
];

/// Values checked for each code: a few thousand, past the heap (1,024) from which the measured
/// choice reviews its method.
const VALUES: usize = 2500;

/// G(0..len) by an engine of one-byte values that is widened to two bytes when a value passes
/// 255, as the sequence builder does, with `choice` set on each.
fn narrow_then_wide(code: &str, len: usize, choice: MethodChoice) -> Vec<u16> {
    let rules = ruleset(&format!("octal:{code}")).split_rules().unwrap();
    let mut narrow = SparseEngine::<u8>::with_cells(rules);
    narrow.set_method_choice(choice);
    match narrow.extend_to(len) {
        Ok(()) => narrow.values().iter().map(|&v| u16::from(v)).collect(),
        Err(EngineError::ValueTooLarge { .. }) => {
            let mut wide = narrow.widen();
            wide.set_method_choice(choice);
            wide.extend_to(len).unwrap();
            wide.values().to_vec()
        }
        Err(e) => panic!("{code}: {e}"),
    }
}

#[test]
fn every_method_equals_the_mex_table_on_every_listed_code() {
    for code in CODES {
        let name = format!("octal:{code}");
        let reference = mex_values(&name, VALUES as u64 - 1);
        let rules = ruleset(&name).split_rules().unwrap();
        for choice in [MethodChoice::Sparse, MethodChoice::Plain, MethodChoice::Measured] {
            let mut wide = SparseEngine::new(rules.clone());
            wide.set_method_choice(choice);
            wide.extend_to(VALUES).unwrap();
            assert_eq!(wide.values(), &reference[..], "{code} {choice:?} two bytes");
            let stats = wide.stats();
            match choice {
                MethodChoice::Plain => assert_eq!(stats.plain_values, VALUES as u64, "{code}"),
                MethodChoice::Sparse => {
                    assert_eq!((stats.plain_values, stats.method), (0, ValueMethod::Sparse), "{code}")
                }
                _ => {}
            }
            assert_eq!(narrow_then_wide(code, VALUES, choice), reference, "{code} {choice:?} one byte, widened");
        }
        // The methods handing over to each other, both ways, at heaps of both parities.
        let mut e = SparseEngine::new(rules.clone());
        for (choice, len) in [(MethodChoice::Plain, 700), (MethodChoice::Sparse, 1301), (MethodChoice::Plain, 2000)] {
            e.set_method_choice(choice);
            e.extend_to(len).unwrap();
        }
        e.set_method_choice(MethodChoice::Sparse);
        e.extend_to(VALUES).unwrap();
        assert_eq!(e.values(), &reference[..], "{code} handed over");
    }
}

/// The sequence builder's methods give the same values, also with every value held (`full`,
/// derived from a proven period once there is one).
#[test]
fn builder_methods_agree_on_every_listed_code() {
    for code in CODES {
        let name = format!("octal:{code}");
        let reference = mex_values(&name, 3000);
        for method in [Algorithm::Measured, Algorithm::Sparse, Algorithm::Naive] {
            let s = SequenceBuilder::new(&ruleset(&name)).upto(3000).method(method).full(true).build().unwrap();
            let got: Vec<u16> = (0..=3000).map(|n| s.value(n).unwrap() as u16).collect();
            assert_eq!(got, reference, "{code} {method:?}");
            assert_eq!(s.stats().is_some(), method != Algorithm::Naive, "{code} {method:?}");
        }
    }
}

/// Games whose values pass 512 within a few thousand heaps (0.364 at heap 4,549, 0.416 at
/// 5,399): the pairs with rare positions then set byte flags for values below 1024, and the
/// scans of two-byte values look for their last candidates in a window of 256.
#[test]
fn values_past_512_equal_the_mex_table() {
    for (code, len) in [("0.364", 5000), ("0.416", 6000)] {
        let name = format!("octal:{code}");
        let reference = mex_values(&name, len as u64 - 1);
        assert!(reference.iter().any(|&v| v >= 512), "{code} should pass 512 by heap {len}");
        let rules = ruleset(&name).split_rules().unwrap();
        for choice in [MethodChoice::Sparse, MethodChoice::Measured] {
            let mut e = SparseEngine::new(rules.clone());
            e.set_method_choice(choice);
            e.extend_to(len).unwrap();
            assert_eq!(e.values(), &reference[..], "{code} {choice:?}");
        }
    }
}
