//! The thermograph drawn as SVG (`grundy::values::partizan::thermograph_svg`) checked against
//! the thermograph's own data: each wall's breakpoints, exact, are the wall's (Siegel,
//! Combinatorial Game Theory, section II.5), every drawn point is the same linear image of its
//! exact point, with the value axis reversed as Winning Ways (chapter 6) draws it (greater
//! values to the left, so Left's wall is left of Right's), and the stops, mean and temperature
//! are written as exact fractions.

use grundy::values::partizan::{thermograph_svg, Dyadic, GameStore, Thermograph, THERMOGRAPH_WIDTH};

/// The value of attribute `name` in the first element of `svg` from `from` on that has it.
fn attribute<'a>(svg: &'a str, from: usize, name: &str) -> &'a str {
    let key = format!(" {name}=\"");
    let at = svg[from..].find(&key).unwrap_or_else(|| panic!("no {name} in {svg}")) + from + key.len();
    let end = svg[at..].find('"').unwrap() + at;
    &svg[at..end]
}

/// A wall's exact points (temperature, value), as its polyline's `data-points` gives them.
type Exact = Vec<(Dyadic, Dyadic)>;

/// A wall's polyline: its exact points and its drawn points.
fn wall(svg: &str, name: &str) -> (Exact, Vec<(f64, f64)>) {
    let at = svg.find(&format!("data-wall=\"{name}\"")).unwrap_or_else(|| panic!("no {name} wall in {svg}"));
    let exact = attribute(svg, at, "data-points")
        .split(' ')
        .map(|p| {
            let (t, v) = p.split_once(',').unwrap();
            (t.parse().unwrap(), v.parse().unwrap())
        })
        .collect();
    let drawn = attribute(svg, at, "points")
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    (exact, drawn)
}

fn float(d: Dyadic) -> f64 {
    d.numerator() as f64 / 2f64.powi(d.exponent() as i32)
}

/// Checks the drawing of `text`'s thermograph; returns the drawing.
fn check(text: &str, mean: &str, temperature: &str) -> String {
    let mut s = GameStore::new();
    let g = s.parse(text).unwrap();
    let t: Thermograph = (*s.thermograph(g).unwrap()).clone();
    assert_eq!((t.mean().to_string(), t.temperature().to_string()), (mean.into(), temperature.into()), "{text}");
    let svg = thermograph_svg(&t);
    assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
    assert_eq!(attribute(&svg, 0, "width").parse::<f64>().unwrap(), THERMOGRAPH_WIDTH);
    let (l, r) = s.stops(g).unwrap();
    for words in [
        format!("Left stop {l}"),
        format!("Right stop {r}"),
        format!("mean {mean}"),
        format!("temperature {temperature}"),
    ] {
        assert!(svg.contains(&words), "{text}: no `{words}` in {svg}");
    }
    // The value axis writes both stops and 0, each once.
    let on_axis = |name: &str| -> Option<String> {
        let rest = svg.split(&format!("data-value=\"{name}\"")).nth(1)?;
        Some(rest.split('>').nth(1)?.split('<').next()?.to_string())
    };
    let zero = Dyadic::ZERO;
    assert_eq!(on_axis("left-stop"), Some(l.to_string()), "{text}: the Left stop on the axis");
    assert_eq!(on_axis("right-stop"), (r != l).then(|| r.to_string()), "{text}: the Right stop on the axis");
    assert_eq!(on_axis("zero"), (l != zero && r != zero).then(|| "0".to_string()), "{text}: 0 on the axis");
    let (left, left_drawn) = wall(&svg, "left");
    let (right, right_drawn) = wall(&svg, "right");
    // The map from (t, v) to (x, y), fitted on the two walls' first points (different values at
    // t = -1 unless the game is a number), then checked on every point.
    let all: Vec<((Dyadic, Dyadic), (f64, f64))> =
        left.iter().copied().zip(left_drawn.iter().copied()).chain(right.iter().copied().zip(right_drawn)).collect();
    let (p, q) = (all[0], all.iter().copied().find(|o| o.0 .1 != all[0].0 .1).unwrap_or(all[0]));
    let sx = if p == q { None } else { Some((q.1 .0 - p.1 .0) / (float(q.0 .1) - float(p.0 .1))) };
    let (a, b) = (all.iter().find(|o| o.0 .0 != p.0 .0).unwrap(), p);
    let sy = (a.1 .1 - b.1 .1) / (float(a.0 .0) - float(b.0 .0));
    assert!(sy < 0.0, "{text}: higher temperatures are drawn higher up");
    if let Some(sx) = sx {
        assert!(sx < 0.0, "{text}: greater values are drawn to the left (Left's wall on the left)");
    }
    for &((tt, v), (x, y)) in &all {
        assert!((y - (b.1 .1 + sy * (float(tt) - float(b.0 .0)))).abs() < 0.02, "{text}: t = {tt} drawn at y = {y}");
        if let Some(sx) = sx {
            assert!((x - (p.1 .0 + sx * (float(v) - float(p.0 .1)))).abs() < 0.02, "{text}: v = {v} drawn at x = {x}");
        }
    }
    // Each wall's exact points: its own breakpoints, in order, then the mast's top.
    for (name, points, trajectory) in [("left", &left, t.left_wall()), ("right", &right, t.right_wall())] {
        let breaks = trajectory.points();
        assert_eq!(&points[..breaks.len()], &breaks[..], "{text}: the {name} wall's breakpoints");
        assert_eq!(points.len(), breaks.len() + 1, "{text}: the {name} wall ends at the mast's top");
        let &(top, at_top) = points.last().unwrap();
        assert!(top > t.temperature() && top > Dyadic::ZERO && at_top == t.mean(), "{text}: the mast's top");
        for &(tt, v) in points.iter() {
            assert_eq!(trajectory.at(tt).unwrap(), v, "{text}: the {name} wall at t = {tt}");
        }
    }
    // Left's wall is left of Right's (or on it) at every breakpoint of either.
    for &(tt, _) in left.iter().chain(&right) {
        assert!(t.left_wall().at(tt).unwrap() >= t.right_wall().at(tt).unwrap(), "{text}: walls at t = {tt}");
    }
    svg
}

/// Winning Ways, chapter 6, and Siegel, section II.5: ±1 stands at 0 with temperature 1; {2|-1}
/// has mean 1/2 and temperature 3/2; {3|{1|-1}} has Left stop 3, Right stop 1, mean and
/// temperature 3/2 (its Right wall bends where {1|-1}'s mast begins, at t = 1).
#[test]
fn walls_are_the_thermographs_breakpoints_drawn_with_the_value_axis_reversed() {
    check("±1", "0", "1");
    check("{2|-1}", "1/2", "3/2");
    let svg = check("{3|{1|-1}}", "3/2", "3/2");
    let (right, _) = wall(&svg, "right");
    let bends: Vec<String> = right.iter().map(|(t, v)| format!("{t},{v}")).collect();
    assert_eq!(bends, ["-1,1", "1,1", "3/2,3/2", "9/4,3/2"], "the Right wall of {{3|{{1|-1}}}}");
    // Numbers: a mast from t = -1/2^k, the walls meeting below 0 (Siegel's convention).
    check("3/4", "3/4", "-1/4");
    check("5", "5", "-1");
    check("-2", "-2", "-1");
    // Infinitesimals stand at 0 from 0 up, and a hotter game's mast is its mean.
    check("*", "0", "0");
    check("↑", "0", "0");
    check("{4|{2|-1}}", "9/4", "7/4");
    check("{10|{5|-5}}", "5", "5");
    // Stops close together, and close to 0: each still written (issue 64).
    check("{1/8|0}", "1/16", "1/16");
    check("{1/4|1/8}", "3/16", "1/16");
}

/// The sum ±1 + {2|-1}: its thermograph's walls break at each part's temperature, and every
/// break is drawn where the data puts it.
#[test]
fn a_sums_walls_are_drawn_at_their_exact_breakpoints() {
    let mut s = GameStore::new();
    let a = s.parse("±1").unwrap();
    let b = s.parse("{2|-1}").unwrap();
    let g = s.sum(a, b).unwrap();
    let text = s.text(g).unwrap();
    let t = s.thermograph(g).unwrap();
    check(&text, &t.mean().to_string(), &t.temperature().to_string());
}
