//! Command-line arguments (clap). The names and forms here are the contract
//! scripts rely on (`kit.md`, "Command line"); extra options are additions,
//! never changes.
//!
//! Each subcommand has its own `…Args` struct and one line in [`Command`];
//! a new subcommand adds both and one arm in `cli::run`. Help texts give the
//! default, and `after_help` an example or two, so `--help` is enough to
//! use a command.

use std::path::PathBuf;

use clap::{ArgAction, Args, Parser, Subcommand, ValueEnum};

/// Exit statuses, listed in every `--help`.
pub const EXIT_CODES: &str = "\
Exit status: 0 success; 1 invalid input (a message names the file:line:column
or the option, and nothing is written); 2 usage error (unknown option,
missing argument).";

const MAIN_AFTER: &str = "\
Examples:
  taflkit build                      the default kit: York Hnefatafl on A4
  taflkit build york --paper letter  York on US Letter
  taflkit list                       built-in variants and themes
  taflkit preview york --out-dir pages

Documentation: README.md and docs/ in the source, or `taflkit man`.
Exit status: 0 success; 1 invalid input; 2 usage error.";

#[derive(Parser, Debug)]
#[command(
    name = "taflkit",
    version,
    about = "Print-and-play kits for tafl games",
    long_about = "Print-and-play kits for tafl games (hnefatafl, \"Viking chess\"): one \
                  command makes one PDF to print at home, with a cover, the board, the \
                  pieces, reminder cards and a rules leaflet.",
    after_help = MAIN_AFTER,
    propagate_version = true
)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The heading of the options every command takes, so that in a
/// command's help they come after its own options rather than among them.
const GLOBAL: &str = "Global options";

/// Options every command takes.
#[derive(Args, Debug, Clone, Default)]
pub struct GlobalArgs {
    /// Print only errors on standard error (no warnings, counts or progress).
    #[arg(
        short,
        long,
        global = true,
        conflicts_with = "verbose",
        help_heading = GLOBAL
    )]
    pub quiet: bool,
    /// Say more on standard error: the settings used, timings.
    #[arg(short, long, global = true, action = ArgAction::Count, help_heading = GLOBAL)]
    pub verbose: u8,
    /// Colour the words "error" and "warning" in messages.
    #[arg(
        long,
        value_enum,
        global = true,
        default_value_t,
        ignore_case = true,
        help_heading = GLOBAL
    )]
    pub color: ColorArg,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorArg {
    /// When standard error is a terminal and NO_COLOR is not set.
    #[default]
    Auto,
    Always,
    Never,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build a kit (PDF; or SVG/PNG pages by -o's extension).
    #[command(after_help = BUILD_AFTER)]
    Build(BuildArgs),
    /// Write one PNG per page of the kit into a folder.
    #[command(after_help = PREVIEW_AFTER)]
    Preview(PreviewArgs),
    /// Rebuild a kit (or a preview) whenever its variant or theme files change.
    #[command(after_help = WATCH_AFTER)]
    Watch(WatchArgs),
    /// List the built-in variants and themes.
    #[command(after_help = EXIT_CODES)]
    List,
    /// Check variant files, theme folders and built-in ids; print every problem.
    #[command(after_help = VALIDATE_AFTER)]
    Validate(ValidateArgs),
    /// Play moves from the start (or a position) and print the result.
    #[command(after_help = PLAY_AFTER)]
    Play(PlayArgs),
    /// Count the move sequences of a given depth from the start (move-generator check).
    #[command(after_help = PERFT_AFTER)]
    Perft(PerftArgs),
    /// Find puzzles (forced wins in 2 or 3) in engine-played games.
    #[command(after_help = PUZZLES_AFTER)]
    Puzzles(PuzzlesArgs),
    /// Prove or refute a forced win in N moves from a position.
    #[command(after_help = SOLVE_AFTER)]
    Solve(SolveArgs),
    /// Print a recorded game (OpenTafl or PGN-style) as sheets of diagrams, or check and
    /// rewrite it.
    #[command(after_help = RECORD_AFTER)]
    Record(RecordArgs),
    /// Play games between computer, greedy and random players.
    #[command(after_help = MATCH_AFTER)]
    Match(MatchArgs),
    /// Play as an external AI over OpenTafl's engine protocol (stdin/stdout).
    #[command(after_help = ENGINE_AFTER)]
    Engine(EngineArgs),
    /// Print the rules text of a variant (Markdown), as the leaflet says it.
    #[command(after_help = RULES_AFTER)]
    Rules(RulesArgs),
    /// Write a complete, commented starting theme into a new folder.
    #[command(after_help = NEW_THEME_AFTER)]
    NewTheme(NewThemeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(after_help = COMPLETIONS_AFTER)]
    Completions(CompletionsArgs),
    /// Print the manual page (roff) to standard output.
    #[command(after_help = MAN_AFTER)]
    Man,
}

const BUILD_AFTER: &str = "\
Examples:
  taflkit build                                  York Hnefatafl on A4, into york-york-a4.pdf
  taflkit build york --paper letter --mono       US Letter, for a black-and-white printer
  taflkit build tafel --option berserker -o club.pdf
  taflkit build york -o pages.svg                one SVG per page: pages-01.svg, pages-02.svg, ...
  taflkit build york -o - | lpr                  the PDF to standard output
  taflkit build york --only pieces --only cards  reprint the sheets holding the pieces and cards
  taflkit build --all --paper a4,letter --out-dir kits   every built-in kit on both papers

Prints the path written on standard output and the sheet counts on standard error.
A batch (several variants, a --paper list, --all or --out-dir) builds its kits on
every core, shows a progress bar on a terminal and prints one summary line; a kit
that fails is reported and the others are still written.
Exit status: 0 success; 1 invalid input (nothing is written; in a batch, some kit
failed); 2 usage error.";

const PREVIEW_AFTER: &str = "\
Example:
  taflkit preview york --out-dir pages --dpi 60

Exit status: 0 success; 1 invalid input; 2 usage error.";

const WATCH_AFTER: &str = "\
Examples:
  taflkit watch york --theme ./my-theme -o my.pdf --open
  taflkit watch york --theme ./my-theme --out-dir pages

Checks the files twice a second; stop with Ctrl-C. Errors are printed and
watching goes on. Exit status: 1 when the first arguments are invalid; 2 usage error.";

const VALIDATE_AFTER: &str = "\
Examples:
  taflkit validate my-variant.toml ./my-theme
  taflkit validate york             a built-in id: the variant and the theme of that name

Prints `PATH: ok` on standard output for each good input and every problem on
standard error as file:line:column: error: message.
Exit status: 0 all good; 1 a problem in any input; 2 usage error.";

const PLAY_AFTER: &str = "\
Examples:
  taflkit play york e1-e3 f4-i4
  taflkit play york e1-e3 > pos.txt; taflkit play york --from pos.txt --to-move defenders f4-i4

Moves are written e1-e4 (files a, b, ... from the left, ranks 1, 2, ... from the
bottom); `pass` ends a berserker turn early. Prints the position in setup
notation and a line `result: ongoing|attackers win|defenders win|draw`; that output
is accepted again by --from.
Exit status: 0 success; 1 illegal move or invalid input; 2 usage error.";

const PERFT_AFTER: &str = "\
Examples:
  taflkit perft sea-battle-9 --depth 3     prints 353200
  taflkit perft york --depth 4             with progress on standard error

Depths that would take hours on this variant are refused; long runs report
progress on standard error unless -q is given: one line redrawn in place on a
terminal, a line every ten seconds in a log.
Exit status: 0 success; 1 invalid input or too deep; 2 usage error.";

const PUZZLES_AFTER: &str = "\
Examples:
  taflkit puzzles tafel                    five puzzles, each with its solution
  taflkit puzzles sea-battle-9 --count 1 --seed 7

Same seed, same puzzles. Fewer than --count (with a warning) when the games
run out.
Exit status: 0 success; 1 invalid input; 2 usage error.";

const SOLVE_AFTER: &str = "\
Examples:
  taflkit solve brandubh --from pos.txt --to-move defenders
  taflkit solve tafel --from pos.txt --to-move attackers --moves 2 --option berserker

Prints `win in M for SIDE`, the winning line (\"any reply\" where the reply does
not matter) and the defences tried, each group beaten by the same answer; or
`no forced win in N for SIDE` when every move has a defence. Every line is
tried, from the position as it stands (no earlier history).
Exit status: 0 a win or no win; 1 invalid input, or the proof too big; 2 usage error.";

const RECORD_AFTER: &str = "\
Examples:
  taflkit record game.otg                    the rules from the record's own tags
  taflkit record tablut game.pgn --every 4 -o game.pdf
  taflkit record auto game.otg --format pgn  the replayed game as a PGN-style record

Reads OpenTafl game records ([rules:...] and numbered turns) and PGN-style records
([Variant \"...\"] and numbered turns); replays every move through the rules engine.
Writes a PDF of diagrams (the start and every N moves, the moves between them),
or with --format the checked record to standard output.
Exit status: 0 success; 1 an illegal move (named by its number and line:column)
or invalid input, nothing written; 2 usage error.";

const MATCH_AFTER: &str = "\
Examples:
  taflkit match tafel --attackers computer --defenders greedy --games 20
  taflkit match sea-battle-9 --attackers computer --defenders computer --seed 41

Prints one line per game, then the wins of each side and the draws: a quick
look at whether a variant is fair.
Exit status: 0 success; 1 invalid input; 2 usage error.";

const ENGINE_AFTER: &str = "\
Examples:
  taflkit engine                 # think by OpenTafl's clock (1 s a move without one)
  taflkit engine --nodes 20000   # the same move for the same position, every time

Speaks OpenTafl's engine protocol on standard input and output: says hello,
takes the rules as an OpenTafl rules string (refusing with a critical error what
taflkit cannot play), answers play with a move such as e5-e8, and follows
OpenTafl's positions. docs/engine.md says how to add it to OpenTafl.
Exit status: 0 after goodbye or the end of input; 1 invalid option; 2 usage error.";

const RULES_AFTER: &str = "\
Examples:
  taflkit rules york
  taflkit rules sea-battle-9 --theme christmas
  taflkit rules tafel --option berserker --option skilled-play

Exit status: 0 success; 1 invalid input; 2 usage error.";

const NEW_THEME_AFTER: &str = "\
Example:
  taflkit new-theme my-theme && taflkit build york --theme ./my-theme

The folder must not exist or must be empty: nothing is ever overwritten.
Exit status: 0 success; 1 the folder exists or cannot be written; 2 usage error.";

const COMPLETIONS_AFTER: &str = "\
Examples:
  taflkit completions bash > ~/.local/share/bash-completion/completions/taflkit
  taflkit completions zsh > ~/.zfunc/_taflkit
  taflkit completions fish > ~/.config/fish/completions/taflkit.fish

Exit status: 0 success; 2 usage error.";

const MAN_AFTER: &str = "\
Example:
  taflkit man > ~/.local/share/man/man1/taflkit.1 && man taflkit

Exit status: 0 success.";

/// Sheet sizes. `TAFLKIT_PAPER` in the environment, or `paper` in the
/// settings file (`cli::config`), sets the default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum PaperArg {
    /// 210 × 297 mm.
    #[default]
    A4,
    /// US Letter, 8.5 × 11 in.
    Letter,
    /// 297 × 420 mm: the board in one piece.
    A3,
    /// US Tabloid (ledger), 11 × 17 in: the board in one piece.
    Tabloid,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DuplexArg {
    /// Long-edge flip (most printers' default).
    #[default]
    Long,
    /// Short-edge flip.
    Short,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ShapeArg {
    Disc,
    Shield,
    Square,
}

/// The notation `play` prints a position in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum PositionFormatArg {
    /// taflkit's setup notation (A, D, K, .), rows top to bottom.
    #[default]
    Setup,
    /// An OpenTafl position record (/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/), rank 1 first.
    Otn,
}

/// What `rules` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum, Default)]
pub enum RulesFormatArg {
    /// The rules text, as the leaflet says it.
    #[default]
    Markdown,
    /// An OpenTafl rules string (dim:… start:…).
    Otn,
}

/// The forms of a game record.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RecordFormatArg {
    /// OpenTafl's game record: [name:value] tags, the rules string last.
    Otn,
    /// A PGN-style record: [Name "value"] tags, the result last.
    Pgn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SideArg {
    Attackers,
    Defenders,
}

/// A part of the kit, for `--only`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum PartArg {
    /// The card sheets that hold board sections.
    Board,
    /// The sheets that hold pieces (card sheets, or sticker sheets).
    Pieces,
    /// The card sheets that hold the reminder cards.
    Cards,
    /// The rules leaflet's sheets.
    Leaflet,
    /// The cover sheet.
    Cover,
}

/// Smallest and largest sizes the size options take, in millimetres:
/// pieces under 8 mm cannot be picked up; beyond these, nothing prints on a
/// home printer's sheet.
pub const PIECE_MM: (f64, f64) = (8.0, 100.0);
pub const SQUARE_MM: (f64, f64) = (8.0, 200.0);
/// Most spare pieces per side a kit makes.
pub const MAX_SPARES: u32 = 40;

/// Options shared by `build`, `preview` and `watch`: everything that shapes a kit.
#[derive(Args, Debug, Clone, Default)]
pub struct KitArgs {
    /// Built-in variant id (`taflkit list`) or path of a variant TOML file.
    #[arg(default_value = "york", hide_default_value = false)]
    pub variant: Option<String>,
    /// Built-in theme id or path of a theme folder [default: the variant's own theme].
    #[arg(long)]
    pub theme: Option<String>,
    /// Sheet size [default: TAFLKIT_PAPER, else `paper` in
    /// ~/.config/taflkit/config.toml, else a4]; `build` takes a list
    /// (`a4,letter`: one kit per paper).
    #[arg(long, value_enum, ignore_case = true, value_delimiter = ',')]
    pub paper: Vec<PaperArg>,
    // The help lists the language folders there are (lang_help).
    #[arg(long, value_name = "LANG", value_delimiter = ',', help = lang_help(LangHelp::List))]
    pub lang: Vec<String>,
    /// How the printer turns double-sided sheets (for the leaflet).
    #[arg(long, value_enum, default_value_t, ignore_case = true)]
    pub duplex: DuplexArg,
    /// Design for a black-and-white printer.
    #[arg(long)]
    pub mono: bool,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
    /// Board square size in millimetres, 8 to 200 [default: the larger piece + 2, rounded up].
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub square_mm: Option<f64>,
    /// Piece shape [default: the theme's].
    #[arg(long, value_enum, ignore_case = true)]
    pub shape: Option<ShapeArg>,
    /// King size in millimetres, 8 to 100 [default: the theme's, 25 on 11×11].
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub king_mm: Option<f64>,
    /// Size of the other pieces in millimetres, 8 to 100 [default: the theme's, 19 on 11×11].
    #[arg(long, value_name = "MM", allow_negative_numbers = true)]
    pub piece_mm: Option<f64>,
    /// Spare pieces per side, 0 to 40.
    #[arg(
        long,
        value_name = "N",
        default_value_t = 0,
        allow_negative_numbers = true
    )]
    pub spares: i64,
    /// Put the pieces on their own sheets as round stickers (for wooden
    /// discs) instead of on the card sheets.
    #[arg(long)]
    pub sticker: bool,
    /// Print the puzzles and the game record sheet even where the rules
    /// leaflet has no spare pages for them (it then takes one more sheet).
    #[arg(long)]
    pub extras: bool,
    /// Only the sheets holding these parts, numbered as in the whole kit
    /// (repeatable).
    #[arg(long, value_enum, value_name = "PART", ignore_case = true)]
    pub only: Vec<PartArg>,
}

#[derive(Args, Debug, Clone, Default)]
pub struct BuildArgs {
    #[command(flatten)]
    pub kit: KitArgs,
    /// More variants: one kit each, written into --out-dir (a batch).
    #[arg(value_name = "VARIANT")]
    pub more: Vec<String>,
    /// Every built-in variant, each in its own theme (a batch).
    #[arg(long, conflicts_with_all = ["variant", "more"])]
    pub all: bool,
    /// Folder for the kits of a batch (several variants, papers or
    /// --all), each under its usual name; created if missing [default: .].
    #[arg(long, value_name = "DIR", conflicts_with = "output")]
    pub out_dir: Option<PathBuf>,
    /// Output file: NAME.pdf; NAME.svg or NAME.png for one file per page
    /// (NAME-01.svg, ...); `-` for the PDF on standard output. A missing
    /// folder is created. [default: VARIANT-THEME-PAPER[-SETTINGS].pdf here]
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Resolution of PNG pages (with -o NAME.png), 10 to 400.
    #[arg(long, default_value_t = 150.0)]
    pub dpi: f64,
    /// Also write one PDF per print job beside the kit (STEM.cover.pdf,
    /// STEM.card.pdf, STEM.leaflet.pdf, STEM.stickers.pdf); only the
    /// leaflet's asks for duplex.
    #[arg(long, conflicts_with = "only")]
    pub split: bool,
    /// With `-o -`: write the PDF even when standard output is a terminal.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct PreviewArgs {
    #[command(flatten)]
    pub kit: KitArgs,
    /// Folder for the PNGs, page-01.png, ... (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
    /// Resolution of the PNGs, 10 to 400.
    #[arg(long, default_value_t = 100.0)]
    pub dpi: f64,
}

#[derive(Args, Debug, Clone)]
pub struct WatchArgs {
    #[command(flatten)]
    pub kit: KitArgs,
    /// Output file, as for `build` [default: as for `build`].
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with = "out_dir"
    )]
    pub output: Option<PathBuf>,
    /// Write PNG previews into this folder instead of a kit.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
    /// Resolution of PNG pages, 10 to 400.
    #[arg(long, default_value_t = 100.0)]
    pub dpi: f64,
    /// Open the result with the desktop's viewer after the first build.
    #[arg(long)]
    pub open: bool,
    /// Stop after this many builds (for scripts and tests) [default: never].
    #[arg(long, value_name = "N", hide = true)]
    pub builds: Option<u32>,
}

#[derive(Args, Debug, Clone)]
pub struct ValidateArgs {
    /// Variant files, theme folders, or built-in ids.
    #[arg(required = true, value_name = "PATH|ID")]
    pub paths: Vec<PathBuf>,
    #[arg(long, value_name = "LANG", help = lang_help(LangHelp::Validate))]
    pub lang: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct PlayArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// Start from the position in FILE (setup notation or an OpenTafl
    /// position record, told apart by the leading '/'; a `result:` line,
    /// as `play` prints, is allowed) instead of the start.
    #[arg(long, value_name = "FILE", requires = "to_move")]
    pub from: Option<PathBuf>,
    /// Whose turn it is in the --from position.
    #[arg(long, value_enum, requires = "from", ignore_case = true)]
    pub to_move: Option<SideArg>,
    /// Moves such as e1-e4, played in order.
    pub moves: Vec<String>,
    /// The notation the position is printed in.
    #[arg(long, value_enum, default_value_t, ignore_case = true)]
    pub format: PositionFormatArg,
    /// Play against the computer, which takes this side.
    #[arg(long, value_enum)]
    pub computer: Option<SideArg>,
    #[command(flatten)]
    pub think: ThinkArgs,
    /// Theme whose names the board and messages use (with --computer).
    #[arg(long, requires = "computer")]
    pub theme: Option<String>,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
    /// Also write the game played as a record: OpenTafl's (FILE.otg) or
    /// PGN-style (any other name); written whole or not at all.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["from", "computer"])]
    pub record: Option<PathBuf>,
}

#[derive(Args, Debug, Clone)]
pub struct RecordArgs {
    /// A built-in variant id, a variant file or `auto` (the rules the record
    /// names: its OpenTafl rules string or its Variant tag), then the record;
    /// with the record alone, `auto`.
    #[arg(value_name = "VARIANT|GAMEFILE")]
    pub first: String,
    /// The game record, when a variant comes first.
    #[arg(value_name = "GAMEFILE")]
    pub second: Option<PathBuf>,
    /// Output file (a PDF); `-` for standard output [default: the record's
    /// name with -PAPER.pdf, here].
    #[arg(
        short = 'o',
        long = "output",
        value_name = "FILE",
        conflicts_with = "format"
    )]
    pub output: Option<PathBuf>,
    /// A diagram every N moves (turns of both sides), 1 to 20.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub every: u32,
    /// Built-in theme id or theme folder, for the names and the board [default:
    /// the variant's own theme].
    #[arg(long)]
    pub theme: Option<String>,
    #[arg(long, value_name = "LANG", help = lang_help(LangHelp::One))]
    pub lang: Option<String>,
    /// Sheet size [default: TAFLKIT_PAPER, else `paper` in the settings file, else a4].
    #[arg(long, value_enum, ignore_case = true)]
    pub paper: Option<PaperArg>,
    /// Design for a black-and-white printer, as a kit's `--mono`.
    #[arg(long, conflicts_with = "format")]
    pub mono: bool,
    /// Print the replayed record as text to standard output instead of a PDF.
    #[arg(long, value_enum, ignore_case = true)]
    pub format: Option<RecordFormatArg>,
    /// With `-o -`: write the PDF even when standard output is a terminal.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct SolveArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// The position: setup notation (as `play` prints it) or an OpenTafl
    /// position record (/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/), as `play --from` reads.
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,
    /// The side to move, whose win is looked for.
    #[arg(long, value_enum, ignore_case = true)]
    pub to_move: SideArg,
    /// Most moves of the side to move, 1 to 4.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub moves: u32,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
}

/// How long the computer thinks per move. A node or depth limit makes it
/// play the same moves every time.
#[derive(Args, Debug, Clone, Default)]
pub struct ThinkArgs {
    /// Thinking time per move, in milliseconds, 1 to 600000 [default: 1000
    /// with play, 100 with match].
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
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PlayerArg {
    /// The search, thinking --think-ms (or --nodes, --depth) a move.
    Computer,
    /// A winning move if there is one, else a capture, else a random move.
    Greedy,
    /// Any legal move.
    Random,
}

#[derive(Args, Debug, Clone)]
pub struct MatchArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// Who plays the attackers.
    #[arg(long, value_enum, value_name = "P", ignore_case = true)]
    pub attackers: PlayerArg,
    /// Who plays the defenders.
    #[arg(long, value_enum, value_name = "P", ignore_case = true)]
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
pub struct EngineArgs {
    #[command(flatten)]
    pub think: ThinkArgs,
}

#[derive(Args, Debug, Clone)]
pub struct PerftArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// Number of moves (plies) to look ahead, 0 or more; refused when the
    /// count would take hours on this variant.
    #[arg(long, value_name = "N")]
    pub depth: u32,
}

#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// Built-in variant id or path of a variant TOML file.
    pub variant: String,
    /// Theme whose names the text uses (built-in id or folder) [default: the variant's own theme].
    #[arg(long)]
    pub theme: Option<String>,
    /// Switch on an optional rule of the variant (repeatable).
    #[arg(long = "option", value_name = "NAME")]
    pub options: Vec<String>,
    #[arg(long, value_name = "LANG", help = lang_help(LangHelp::One))]
    pub lang: Option<String>,
    /// Print the rules text, or the variant's OpenTafl rules string.
    #[arg(long, value_enum, default_value_t, ignore_case = true)]
    pub format: RulesFormatArg,
}

#[derive(Args, Debug, Clone)]
pub struct NewThemeArgs {
    /// The folder to create (must not exist, or be empty).
    pub dir: PathBuf,
    #[arg(long, value_name = "LANG", value_delimiter = ',', help = lang_help(LangHelp::NewTheme))]
    pub lang: Vec<String>,
}

#[derive(Args, Debug, Clone)]
pub struct CompletionsArgs {
    /// The shell to write completions for.
    #[arg(value_enum, ignore_case = true)]
    pub shell: clap_complete::Shell,
}

/// Which command's `--lang` a help text is for.
#[derive(Clone, Copy)]
enum LangHelp {
    /// A kit's language, or a list of them (`build`).
    List,
    /// One language.
    One,
    /// The language `validate` checks the themes in.
    Validate,
    /// The languages a new theme is written in.
    NewTheme,
}

/// The help of `--lang`, listing the languages there are: the folders
/// under lang/ ([`Lang::codes`]), so a language added as a folder is
/// offered without touching this.
fn lang_help(which: LangHelp) -> String {
    let codes = crate::words::Lang::codes().join(", ");
    let default = "[default: TAFLKIT_LANG, else `lang` in ~/.config/taflkit/config.toml, else en]";
    match which {
        LangHelp::List => format!(
            "Language of every word printed in the kit: a folder under lang/ ({codes}) {default}; \
             `build` takes a list (`en,fr`: one kit per language)"
        ),
        LangHelp::One => format!(
            "Language of every word printed in the kit: a folder under lang/ ({codes}) {default}"
        ),
        LangHelp::Validate => {
            format!("Check the kits in this language too ({codes}): every theme must speak it")
        }
        LangHelp::NewTheme => format!(
            "The languages the theme speaks besides English ({codes}): their names tables and \
             stories are written [default: every language]"
        ),
    }
}
