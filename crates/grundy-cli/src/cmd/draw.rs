//! `grundy draw GAME POSITION... [-o FILE.svg|FILE.png] [--moves] [--to-move first|second]`: the
//! position drawn as SVG (the page's board), for slides and worksheets. The drawing is the
//! library's (`grundy::draw`); this writes it to a file or to standard output. A file ending
//! in `.png` gets the SVG rendered by resvg at twice its size, its text in the font the CLI
//! embeds (so the same pixels on every machine); any other ending than `.svg`, `.png` or none
//! is refused before the drawing, as it would not be what the name says.

use grundy::Convention;

use crate::cmd::analyze::parse_problem;
use crate::{emit, CliError, ErrorKind};

/// Arguments of `grundy draw`.
#[derive(clap::Args)]
pub struct Args {
    /// The game (e.g. nim, wythoff, hackenbush, graph:FILE; 'grundy games' lists them all).
    game: String,
    /// The position, as `grundy analyze` takes it.
    #[arg(allow_negative_numbers = true)]
    position: Vec<String>,
    /// Write the drawing to FILE: SVG, or PNG (at twice the SVG's size) when FILE ends in .png
    /// (standard output, SVG, when not given).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// The player to move: first or second (K-L-Nim's forbidden size and a graph's partizan
    /// edges depend on it).
    #[arg(long, value_name = "PLAYER", default_value = "first")]
    to_move: String,
    /// Print the moves the drawing offers (its data-move texts), one a line: after the SVG is
    /// written to FILE, or in its place on standard output when no FILE is given.
    #[arg(long)]
    moves: bool,
}

/// Runs `grundy draw`.
pub fn run(args: Args) -> Result<(), CliError> {
    let format = match &args.output {
        Some(path) => Format::of(path)?,
        None => Format::Svg,
    };
    let (game, position, options) = parse_problem(&args.game, &args.position, Convention::Normal, &args.to_move, None)?;
    let drawing = grundy::draw(&game, &position, options.to_move);
    let svg = drawing.svg + "\n";
    match &args.output {
        Some(path) => {
            let bytes = match format {
                Format::Svg => svg.into_bytes(),
                Format::Png => png(&svg).map_err(|e| {
                    CliError::of_kind(ErrorKind::Io, format!("cannot draw {} as PNG: {e}", path.display()))
                        .argument("--output")
                })?,
            };
            std::fs::write(path, bytes).map_err(|e| {
                CliError::of_kind(ErrorKind::Io, format!("cannot write {}: {e}", path.display())).argument("--output")
            })?;
            eprintln!("wrote {} ({} moves to click)", path.display(), drawing.moves.len());
            if args.moves {
                emit(&drawing.moves.iter().map(|m| format!("{m}\n")).collect::<String>());
            }
        }
        // Standard output holds one thing: the moves when asked for, else the drawing.
        None if args.moves => emit(&drawing.moves.iter().map(|m| format!("{m}\n")).collect::<String>()),
        None => emit(&svg),
    }
    Ok(())
}

/// What `-o FILE` is written as, from its name's ending.
#[derive(Clone, Copy)]
enum Format {
    Svg,
    Png,
}

impl Format {
    /// `.png` is PNG; `.svg` or no ending is SVG; any other ending is refused (exit 2), naming
    /// it, before any work: SVG text in a file named `.jpg` would not open as one.
    fn of(path: &std::path::Path) -> Result<Format, CliError> {
        let ending = path.extension().map(|e| e.to_string_lossy().to_ascii_lowercase());
        match ending.as_deref() {
            None | Some("svg") => Ok(Format::Svg),
            Some("png") => Ok(Format::Png),
            Some(other) => Err(CliError::usage(format!(
                "--output {}: grundy draw writes .svg or .png files, not .{other} (e.g. -o board.png)",
                path.display()
            ))
            .argument("--output")),
        }
    }
}

/// The drawing rendered to a PNG at twice its size on white, its text in the embedded font
/// (the drawing asks for sans-serif: DejaVu Sans answers it, with no system font looked up).
fn png(svg: &str) -> Result<Vec<u8>, String> {
    use resvg::{tiny_skia, usvg};
    let mut options = usvg::Options::default();
    options.fontdb_mut().load_font_data(crate::plot::FONT_FILE.to_vec());
    options.fontdb_mut().set_sans_serif_family("DejaVu Sans");
    options.font_family = "DejaVu Sans".to_string();
    let tree = usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    const SCALE: f32 = 2.0;
    let size = tree.size().to_int_size().scale_by(SCALE).ok_or("the drawing has no size")?;
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("{} x {} pixels is too large an image", size.width(), size.height()))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(&tree, tiny_skia::Transform::from_scale(SCALE, SCALE), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| e.to_string())
}
