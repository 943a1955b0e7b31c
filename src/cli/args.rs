//! Command-line arguments (clap). The names and forms here are the contract
//! scripts rely on (`kit.md`, "Command line"); extra options are additions,
//! never changes.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};

#[derive(Parser, Debug)]
#[command(
    name = "taflkit",
    version,
    about = "Print-and-play kits for tafl games"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build a kit PDF (with no arguments: the default kit, in this folder).
    Build(BuildArgs),
    /// Write one PNG per page of the kit into a folder.
    Preview(PreviewArgs),
    /// List the built-in variants and themes.
    List,
    /// Check variant files and theme folders; print every problem.
    Validate(ValidateArgs),
    /// Play moves from the start (or a position) and print the result.
    Play(PlayArgs),
    /// Count move sequences of a given depth from the start.
    Perft(PerftArgs),
    /// Find puzzles (forced wins in 2 or 3) in engine-played games.
    Puzzles(PuzzlesArgs),
    /// Play games between computer, greedy and random players.
    Match(MatchArgs),
    /// Print the generated rules text (Markdown).
    Rules(RulesArgs),
    /// Write a complete, commented starting theme into a new folder.
    NewTheme(NewThemeArgs),
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    #[default]
    A4,
    Letter,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DuplexArg {
    #[default]
    Long,
    Short,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShapeArg {
    Disc,
    Shield,
    Square,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    Attackers,
    Defenders,
}

/// Options shared by `build` and `preview`: everything that shapes a kit.
#[derive(Args, Debug, Clone, Default)]
pub struct KitArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: Option<String>,
    /// Built-in theme id or path of a theme folder.
    #[arg(long)]
    pub theme: Option<String>,
    #[arg(long, value_enum, default_value_t)]
    pub paper: PaperArg,
    /// How the printer turns double-sided sheets (for the leaflet).
    #[arg(long, value_enum, default_value_t)]
    pub duplex: DuplexArg,
    /// Design for a black-and-white printer.
    #[arg(long)]
    pub mono: bool,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
    /// Board square size in millimetres.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub square_mm: Option<f64>,
    /// Piece shape (default: the theme's).
    #[arg(long, value_enum)]
    pub shape: Option<ShapeArg>,
    /// King size in millimetres.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub king_mm: Option<f64>,
    /// Size of the other pieces in millimetres.
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub piece_mm: Option<f64>,
    /// Spare pieces per side.
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub spares: u32,
    /// Put the pieces on their own sheets as round stickers (for wooden
    /// discs) instead of on the card sheets.
    #[arg(long)]
    pub sticker: bool,
}

#[derive(Args, Debug, Clone, Default)]
pub struct BuildArgs {
    #[command(flatten)]
    pub kit: KitArgs,
    /// Output file (default: VARIANT-THEME-PAPER.pdf in this folder).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Also write one PDF per print job beside the kit (STEM.cover.pdf,
    /// STEM.card.pdf, STEM.leaflet.pdf, STEM.stickers.pdf); only the
    /// leaflet's asks for duplex.
    #[arg(long)]
    pub split: bool,
}

#[derive(Args, Debug, Clone)]
pub struct PreviewArgs {
    #[command(flatten)]
    pub kit: KitArgs,
    /// Folder for the PNGs (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Resolution of the PNGs.
    #[arg(long, default_value_t = 100.0)]
    pub dpi: f64,
}

#[derive(Args, Debug, Clone)]
pub struct ValidateArgs {
    /// Variant files and theme folders.
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// Start from the position in FILE (setup notation) instead.
    #[arg(long, value_name = "FILE", requires = "to_move")]
    pub from: Option<PathBuf>,
    /// Whose turn it is in the --from position.
    #[arg(long, value_enum, requires = "from")]
    pub to_move: Option<SideArg>,
    /// Moves such as e1-e4.
    pub moves: Vec<String>,
    /// Play against the computer, which takes this side.
    #[arg(long, value_enum)]
    pub computer: Option<SideArg>,
    #[command(flatten)]
    pub think: ThinkArgs,
    /// Theme whose names the board and messages use (with --computer).
    #[arg(long, requires = "computer")]
    pub theme: Option<String>,
}

/// How long the computer thinks per move. A node or depth limit makes it
/// play the same moves every time.
#[derive(Args, Debug, Clone, Default)]
pub struct ThinkArgs {
    /// Thinking time per move, in milliseconds.
    #[arg(long, value_name = "T")]
    pub think_ms: Option<u64>,
    /// Stop after this many positions per move (deterministic).
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Search this many moves ahead (deterministic).
    #[arg(long, value_name = "D")]
    pub depth: Option<u32>,
}

#[derive(Args, Debug, Clone)]
pub struct PuzzlesArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// How many puzzles.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub count: usize,
    /// Seed of the games the puzzles come from.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayerArg {
    Computer,
    Greedy,
    Random,
}

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    #[arg(long, value_enum, value_name = "P")]
    pub attackers: PlayerArg,
    #[arg(long, value_enum, value_name = "P")]
    pub defenders: PlayerArg,
    /// Number of games.
    #[arg(long, value_name = "N", default_value_t = 10)]
    pub games: u32,
    /// Seed of the random players and the computer's variety.
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    #[command(flatten)]
    pub think: ThinkArgs,
    /// Think time of the attackers' computer, when it differs (ms).
    #[arg(long, value_name = "T")]
    pub attackers_think_ms: Option<u64>,
    /// Think time of the defenders' computer, when it differs (ms).
    #[arg(long, value_name = "T")]
    pub defenders_think_ms: Option<u64>,
    /// Longest game, in moves; longer games are draws.
    #[arg(long, value_name = "N", default_value_t = 400)]
    pub max_moves: usize,
}

#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    pub variant: String,
    #[arg(long)]
    pub depth: u32,
}

#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    pub variant: String,
    #[arg(long)]
    pub theme: Option<String>,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
}

#[derive(Args, Debug, Clone)]
pub struct NewThemeArgs {
    /// The folder to create.
    pub dir: PathBuf,
}
