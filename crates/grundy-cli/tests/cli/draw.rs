//! `grundy draw` through the binary: for the example of every catalogue game it writes a
//! well-formed SVG file whose `data-move` targets are the moves it prints with `--moves`, the
//! same drawing goes to standard output without `-o`, and bad input is one line, exit 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn grundy_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).current_dir(dir).output().expect("the binary runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-draw-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Checks that `svg` is well-formed XML (tags nest and close, attribute values quoted, no bare
/// `<` or `&`) and returns its `data-move` values.
fn data_moves(svg: &str) -> Vec<String> {
    let mut stack: Vec<&str> = vec![];
    let mut moves = vec![];
    let mut rest = svg.trim_end();
    assert!(rest.starts_with("<svg ") && rest.ends_with("</svg>"), "an SVG document");
    // Only characters XML 1.0 allows (its production Char).
    let forbidden = |c: char| !(matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{FFFE}' && c != '\u{FFFF}'));
    assert!(!svg.contains(forbidden), "a character XML forbids: {:?}", svg.chars().find(|&c| forbidden(c)));
    while let Some(open) = rest.find('<') {
        let text = &rest[..open];
        assert!(!text.contains('>'), "a bare > outside a tag: {text}");
        for (i, _) in text.match_indices('&') {
            assert!(["&amp;", "&lt;", "&gt;", "&quot;", "&#39;"].iter().any(|e| text[i..].starts_with(e)), "{text}");
        }
        let close = open + rest[open..].find('>').expect("a tag ends");
        let tag = &rest[open + 1..close];
        rest = &rest[close + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "closing tag");
            continue;
        }
        let name = tag.split_whitespace().next().unwrap();
        let mut attrs = tag[name.len()..].trim_end_matches('/').trim();
        while !attrs.is_empty() {
            let eq = attrs.find("=\"").expect("name=\"value\"");
            let end = eq + 2 + attrs[eq + 2..].find('"').expect("a closing quote");
            if attrs[..eq].trim() == "data-move" {
                moves.push(attrs[eq + 2..end].replace("&gt;", ">").replace("&lt;", "<").replace("&amp;", "&"));
            }
            attrs = attrs[end + 1..].trim();
        }
        if !tag.ends_with('/') {
            stack.push(name);
        }
    }
    assert!(stack.is_empty(), "every tag closed: {stack:?}");
    moves
}

#[test]
fn every_catalogue_example_is_drawn_to_a_file() {
    let dir = scratch("examples");
    for kind in grundy::frontend::GAMES {
        // The files the examples name (graph:edges.txt, geography:examples/...).
        if let Some(text) = grundy::frontend::example_graph(kind) {
            let file = kind.example_game.split_once(':').unwrap().1;
            let path = dir.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, text).unwrap();
        }
        let out_file = format!("{}.svg", kind.spelling.replace([':', ','], "_"));
        let mut args = vec!["draw", kind.example_game];
        args.extend(kind.example_position.split_whitespace());
        let mut with_file = args.clone();
        with_file.extend(["-o", &out_file, "--moves"]);
        let out = grundy_in(&dir, &with_file);
        assert!(out.status.success(), "{}: {}", kind.spelling, String::from_utf8_lossy(&out.stderr));
        assert!(String::from_utf8_lossy(&out.stderr).starts_with(&format!("wrote {out_file} (")));
        let svg = std::fs::read_to_string(dir.join(&out_file)).unwrap();
        let mut drawn = data_moves(&svg);
        let mut printed: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
        assert!(!printed.is_empty(), "{}: the example has a move to click", kind.spelling);
        drawn.sort();
        drawn.dedup();
        printed.sort();
        assert_eq!(drawn, printed, "{}", kind.spelling);
        // Without -o the same drawing goes to standard output.
        let plain = grundy_in(&dir, &args);
        assert_eq!(String::from_utf8(plain.stdout).unwrap(), svg, "{}", kind.spelling);
        // `--moves` without -o prints the moves on standard output, in the drawing's place.
        let mut moves_only = args.clone();
        moves_only.push("--moves");
        let listed = grundy_in(&dir, &moves_only);
        assert!(listed.status.success(), "{}: {}", kind.spelling, String::from_utf8_lossy(&listed.stderr));
        let mut listed: Vec<String> = String::from_utf8(listed.stdout).unwrap().lines().map(String::from).collect();
        listed.sort();
        assert_eq!(listed, printed, "{}: --moves alone", kind.spelling);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    let dir = scratch("bad");
    for args in [&["draw", "nim", "x"][..], &["draw", "nosuchgame", "1"], &["draw", "nim", "3", "--to-move", "third"]] {
        let out = grundy_in(&dir, args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).trim().lines().count(), 1, "{args:?}");
    }
    let out = grundy_in(&dir, &["draw", "nim", "3", "-o", "no/such/dir/x.svg"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write no/such/dir/x.svg"));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `-o FILE.png` writes a real PNG (it once wrote the SVG's text into the file): the PNG
/// signature, decoded at twice the SVG's width and height, with the drawing's ink on white
/// (dark pixels, not a blank image); another ending is refused, naming it, and writes nothing.
#[test]
fn a_png_file_gets_a_png_image_and_another_ending_is_refused() {
    let dir = scratch("png");
    let svg = String::from_utf8(grundy_in(&dir, &["draw", "wythoff", "5", "8"]).stdout).unwrap();
    let attr = |name: &str| -> u32 {
        let at = svg.find(&format!(" {name}=\"")).unwrap() + name.len() + 3;
        svg[at..at + svg[at..].find('"').unwrap()].parse().unwrap()
    };
    let out = grundy_in(&dir, &["draw", "wythoff", "5", "8", "-o", "board.PNG"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let bytes = std::fs::read(dir.join("board.PNG")).unwrap();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "the PNG signature");
    let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes)).read_info().unwrap();
    let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
    let frame = reader.next_frame(&mut pixels).unwrap();
    assert_eq!((frame.width, frame.height), (2 * attr("width"), 2 * attr("height")));
    let channels = frame.color_type.samples();
    let dark = pixels[..frame.buffer_size()].chunks(channels).filter(|p| p[..3].iter().all(|&c| c < 128)).count();
    assert!(dark > 100, "{dark} dark pixels: the drawing is in the image");
    assert_eq!(pixels[..channels.min(3)], [255, 255, 255][..channels.min(3)], "a white corner");
    // Another ending: exit 2, one line naming it, no file.
    let out = grundy_in(&dir, &["draw", "nim", "3", "-o", "board.jpg"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    assert!(err.contains("not .jpg") && err.contains(".png"), "{err}");
    assert!(!dir.join("board.jpg").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Runs `grundy ARGS` in `dir`, killed past `limit`: a watchdog that catches a hang (its limit
/// is far above the time expected), not a claim of speed.
fn grundy_within(dir: &Path, args: &[&str], limit: std::time::Duration) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .current_dir(dir)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let start = std::time::Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            panic!("grundy {} ran past {limit:?}: the work is not bounded by what is drawn", args.join(" "));
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    child.wait_with_output().expect("the output")
}

/// Issue 46: a Hackenbush picture of 10^6 edges (a random tree, @FILE) draws its 150 edges at
/// the cost of reading it (it never finished: each edge drawn cut the whole picture), and a
/// token on a vertex of 3 x 10^5 followers draws in linear time (quadratic before). The files
/// and the moves printed with --moves are what the drawing offers.
#[test]
fn large_pictures_and_graphs_draw_at_the_cost_of_what_is_drawn() {
    let dir = scratch("large");
    let mut state = 46u64;
    let tree: String = (0..1_000_000u64)
        .map(|i| {
            state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            format!("{}-{}\n", (state >> 33) % (i + 1), i + 1)
        })
        .collect();
    std::fs::write(dir.join("tree.txt"), tree).unwrap();
    let fan: String = (0..300_000).map(|i| format!("c {i}\n")).collect();
    std::fs::write(dir.join("fan.txt"), fan).unwrap();
    let limit = std::time::Duration::from_secs(60);
    for (args, moves) in [
        (&["draw", "hackenbush", "@tree.txt", "-o", "t.svg", "--moves"][..], 150),
        (&["draw", "graph:fan.txt", "c", "-o", "f.svg", "--moves"], 199),
    ] {
        let out = grundy_within(&dir, args, limit);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        let svg = std::fs::read_to_string(dir.join(args[4])).unwrap();
        assert!(svg.len() < 200_000, "{args:?}: {} bytes", svg.len());
        let mut drawn = data_moves(&svg);
        let mut printed: Vec<String> = String::from_utf8(out.stdout).unwrap().lines().map(String::from).collect();
        assert_eq!(printed.len(), moves, "{args:?}");
        drawn.sort();
        drawn.dedup();
        printed.sort();
        assert_eq!(drawn, printed, "{args:?}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 46: vertex names (and a file name) holding characters XML 1.0 forbids (U+0001, NUL,
/// U+FFFE, U+FFFF) draw a well-formed file, those characters replaced by U+FFFD; a move to
/// such a vertex is not offered, since no attribute can carry its name.
#[test]
fn names_with_characters_xml_forbids_draw_a_well_formed_file() {
    let dir = scratch("xml");
    std::fs::write(dir.join("c\u{1}.txt"), "a b\u{1}\nb\u{1} c\u{FFFE}\nc\u{FFFE} d\u{0}x\na \u{FFFF}\na ok\n")
        .unwrap();
    let out = grundy_in(&dir, &["draw", "graph:c\u{1}.txt", "a", "-o", "c.svg", "--moves"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let svg = std::fs::read_to_string(dir.join("c.svg")).unwrap();
    assert_eq!(data_moves(&svg), ["1 ok"]);
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "1 ok\n");
    assert!(svg.contains("<title>b\u{FFFD}</title>") && svg.contains("graph:c\u{FFFD}.txt"), "{svg}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 80: `grundy draw` of a picture whose drawn edges have more than 200 ends (Arc Kayles
/// of 101 disjoint edges; Hackenbush of 101 two-edge stalks listed far edges first) panicked,
/// exit 101. It draws them, to standard output and to a PNG, offering every drawn edge.
#[test]
fn pictures_of_more_than_200_vertices_are_drawn() {
    let dir = scratch("wide");
    let matching = (0..101).map(|i| format!("{}-{}", 2 * i, 2 * i + 1)).collect::<Vec<_>>().join(",");
    let stalks = (0..101)
        .map(|i| format!("{}-{}", 2 * i + 1, 2 * i + 2))
        .chain((0..101).map(|i| format!("0-{}", 2 * i + 1)))
        .collect::<Vec<_>>()
        .join(",");
    for (game, picture, moves) in [("arc-kayles", &matching, 101), ("hackenbush", &stalks, 150)] {
        let out = grundy_in(&dir, &["draw", game, picture, "-o", "wide.png", "--moves"]);
        assert!(out.status.success(), "{game}: {:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
        assert_eq!(String::from_utf8(out.stdout).unwrap().lines().count(), moves, "{game}");
        assert!(std::fs::read(dir.join("wide.png")).unwrap().starts_with(b"\x89PNG"), "{game}");
        let out = grundy_in(&dir, &["draw", game, picture, "--to-move", "second"]);
        assert!(out.status.success(), "{game}: {}", String::from_utf8_lossy(&out.stderr));
        assert_eq!(data_moves(&String::from_utf8(out.stdout).unwrap()).len(), moves, "{game}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 80: in coloured Hackenbush every edge the player to move could cut was drawn green
/// (the transparent path over it that takes its click took the green of `.twig`): Left's blue
/// edges on Left's turn, Right's red on Right's. The PNG's pixel at the middle of each edge is
/// its colour (blue #2a6fdb, red #d9534f, green #2f8f3a) for either player to move.
#[test]
fn coloured_edges_keep_their_colour_for_either_player() {
    let dir = scratch("colours");
    let picture = "0-1:b,1-2:r,1-3,0-4:r,4-5:b,4-6";
    let colour = |class: &str| match class {
        "twig edge left" => [42, 111, 219],
        "twig edge right" => [217, 83, 79],
        _ => [47, 143, 58],
    };
    for player in ["first", "second"] {
        let svg =
            String::from_utf8(grundy_in(&dir, &["draw", "hackenbush", picture, "--to-move", player]).stdout).unwrap();
        let out = grundy_in(&dir, &["draw", "hackenbush", picture, "--to-move", player, "-o", "c.png"]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let bytes = std::fs::read(dir.join("c.png")).unwrap();
        let mut reader = png::Decoder::new(std::io::Cursor::new(&bytes)).read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        let channels = frame.color_type.samples();
        // Each edge drawn in its colour: `<path d="M x y Q cx cy x2 y2" class="twig ...">`.
        let mut edges = 0;
        for element in svg.split('<').filter(|e| e.starts_with("path d=\"M")) {
            let class = element.split("class=\"").nth(1).unwrap().split('"').next().unwrap();
            if !["twig", "twig edge left", "twig edge right"].contains(&class) {
                continue;
            }
            let d = element.split('"').nth(1).unwrap();
            let n: Vec<f64> =
                d.split(|c: char| c == ' ' || c.is_ascii_alphabetic()).filter_map(|t| t.parse().ok()).collect();
            assert_eq!(n.len(), 6, "{d}");
            // The middle of the quadratic curve, at twice the size in the PNG.
            let (x, y) = (0.25 * n[0] + 0.5 * n[2] + 0.25 * n[4], 0.25 * n[1] + 0.5 * n[3] + 0.25 * n[5]);
            let (px, py) = ((2.0 * x).round() as usize, (2.0 * y).round() as usize);
            let at = (py * frame.width as usize + px) * channels;
            let seen = &pixels[at..at + 3];
            let want = colour(class);
            assert!(
                seen.iter().zip(want).all(|(&s, w)| (i32::from(s) - w).abs() <= 24),
                "{player} to move: the {class} edge {d} is drawn {seen:?}, not {want:?}"
            );
            edges += 1;
        }
        assert_eq!(edges, 6, "{player}: {svg}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
